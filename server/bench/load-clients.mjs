/**
 * The clients of the load bench (load.ts), in their own thread so that making the calls and
 * reading the answers does not run on the server's thread. Each client is a loop over real HTTP
 * with its own signed-in session: it makes the next call of the mix as soon as the last one has
 * answered, for the given seconds. Plain JavaScript: a worker starts without a TypeScript loader.
 *
 * In: workerData { base, cookies, seconds, warmup, plan }. Out: one message { calls, errors, recorded,
 * elapsedMs }: each call is [kind, ms, status, ok], errors the first few answers that were not as
 * expected, recorded the receipts that were taken (warm-up included).
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';

const { base, cookies, seconds, warmup, plan } = workerData;

/** The mix, in the order each client goes round it (client i starts at step i). */
const MIX = ['today', 'customers', 'receipt', 'transactions', 'receipt', 'bills', 'summary', 'receipt'];
/** Every this many receipts a client sends its last one again, key and body, as after a lost answer. */
const REPLAY_EVERY = 10;

/** A small deterministic generator per client, so runs differ only in timing. */
function random(seed) {
  let state = seed >>> 0 || 1;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

function callOf(kind, pick, client, receipts, phase) {
  const colony = plan.colonies[pick(plan.colonies.length)];
  const customerId = plan.customerIds[pick(plan.customerIds.length)];
  switch (kind) {
    case 'today':
      return ['GET', `/api/today?date=${plan.date}`];
    case 'customers':
      return ['GET', `/api/users?colonyCode=${colony}`];
    case 'transactions':
      return ['GET', `/api/transactions?colonyCode=${colony}&date=${plan.date}`];
    case 'bills':
      return ['GET', `/api/payments?colonyCode=${colony}&paymentMonth=${plan.month}&paymentYear=${plan.year}`];
    case 'summary':
      return ['POST', '/api/payments/receivingPaymentsForm', { customerId, month: plan.month, year: plan.year }];
    case 'receipt': {
      const body = {
        customerId,
        month: plan.month,
        year: plan.year,
        receivingPayment: 100 + (receipts.n % 50),
        paymentMode: 'positive',
      };
      return [
        'PATCH',
        '/api/payments/receivingPaymentsForm',
        body,
        `${plan.keyPrefix}-${phase}-${client}-${receipts.n}`,
      ];
    }
    default:
      throw new Error(`unknown call ${kind}`);
  }
}

/** Keep-alive connections, one a client at most, as a browser keeps its own. */
const agent = new http.Agent({ keepAlive: true, maxSockets: cookies.length });

/**
 * One call through node:http, which costs this thread less than fetch. The answer is asked for
 * compressed, as a browser asks, and kept as sent: decoding it would only cost the clients' share
 * of the machine's cores; only an unexpected answer is decoded, to report it.
 */
function send([method, url, body, key], cookie) {
  const headers = { cookie, 'x-requested-with': 'fetch', 'accept-encoding': 'br, gzip' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key !== undefined) headers['idempotency-key'] = key;
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          replayed: response.headers['idempotent-replayed'],
          encoding: response.headers['content-encoding'],
          bytes: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

function text(answer) {
  if (answer.encoding === 'br') return zlib.brotliDecompressSync(answer.bytes).toString();
  if (answer.encoding === 'gzip') return zlib.gunzipSync(answer.bytes).toString();
  return answer.bytes.toString();
}

/** Successful receipts that recorded something (not replays), warm-up included: the database must hold as many. */
let recorded = 0;

async function client(index, until, record, phase) {
  const pick = random(plan.seed * 1000 + index + 1);
  const receipts = { n: 0, last: undefined };
  for (let step = index; performance.now() < until; step++) {
    let kind = MIX[step % MIX.length];
    let call;
    if (kind === 'receipt' && receipts.last && receipts.n % REPLAY_EVERY === 0) {
      kind = 'replay';
      call = receipts.last.call;
    } else call = callOf(kind, pick, index, receipts, phase);
    const start = performance.now();
    const answer = await send(call, cookies[index]);
    const ms = performance.now() - start;
    let problem;
    if (answer.status !== 200) problem = `${answer.status} ${text(answer).slice(0, 200)}`;
    else if (kind === 'replay' && (answer.replayed !== 'true' || text(answer) !== receipts.last.text))
      problem = 'a repeated key was not answered with the first answer';
    if (kind === 'receipt' && !problem) {
      receipts.last = { call, text: text(answer) };
      recorded++;
    }
    if (kind === 'receipt' || kind === 'replay') receipts.n++;
    record(kind, ms, answer.status, problem && `${call[0]} ${call[1]}: ${problem}`);
  }
}

const calls = [];
const errors = [];
const record = (kind, ms, status, problem) => {
  calls.push([kind, ms, status, problem === undefined]);
  if (problem && errors.length < 10) errors.push(problem);
};
const warmupOnly = (_kind, _ms, _status, problem) => {
  if (problem && errors.length < 10) errors.push(`warm-up: ${problem}`);
};

const clients = cookies.map((_, i) => i);
// Untimed rounds first: the server's plans and caches, and each connection's first touch.
if (warmup > 0)
  await Promise.all(clients.map((i) => client(i, performance.now() + warmup * 1000, warmupOnly, 'warmup')));
parentPort.postMessage({ measuring: true });
const started = performance.now();
await Promise.all(clients.map((i) => client(i, started + seconds * 1000, record, 'run')));
const elapsedMs = performance.now() - started;
agent.destroy();
parentPort.postMessage({ calls, errors, recorded, elapsedMs });
