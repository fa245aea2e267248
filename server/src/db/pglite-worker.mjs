// The embedded PostgreSQL (PGlite) in its own thread, so a long query never blocks the server's
// JavaScript thread (docs/rules.md section 17). It speaks the PostgreSQL wire protocol over message
// ports: the server reaches it with `pg`, exactly as it reaches a PostgreSQL server.
// Plain JavaScript, so the thread starts without a TypeScript loader. Messages from the server:
// { type: 'session', port } | { type: 'dump' } | { type: 'close' }; to it:
// { type: 'ready' } | { type: 'failed', message, code } | { type: 'dump', data } | { type: 'closed' }.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]); // 'S', length 4

/** @type {{ dataDir: string, loadDataDir?: string, wasmModule?: WebAssembly.Module }} */
const { dataDir, loadDataDir, wasmModule } = workerData;

/** @type {PGlite} */
let engine;
try {
  const options = {
    ...(loadDataDir ? { loadDataDir: new Blob([await readFile(loadDataDir)]) } : {}),
    ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
  };
  engine = await PGlite.create(dataDir, options);
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'failed', message: String(error?.message ?? error), code: error?.code });
  parentPort.close();
}

/**
 * The engine has one backend, so one session holds it at a time (the server's pool has one
 * connection); a session that connects meanwhile waits for the previous one to end.
 */
const lineup = [];
/** @type {Session | undefined} */
let current;
let failed = false;

/** Everything the engine runs, one task at a time. */
let queue = Promise.resolve();
function serially(task) {
  const result = queue.then(task);
  queue = result.catch(() => {});
  return result;
}

class Session {
  constructor(port) {
    this.port = port;
    this.buffer = Buffer.alloc(0);
    this.started = false;
    this.ended = false;
    this.pumping = false;
    /** @type {Buffer[]} */
    this.pending = [];
    port.on('message', (chunk) => this.receive(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
    port.on('close', () => this.end());
  }

  receive(chunk) {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const message = this.nextMessage();
      if (!message) break;
      this.pending.push(message);
    }
    this.pump();
  }

  /** One whole protocol message off the buffer, or undefined while it is incomplete. */
  nextMessage() {
    const buffer = this.buffer;
    if (!this.started) {
      if (buffer.length < 8) return undefined;
      const length = buffer.readInt32BE(0);
      const code = buffer.readInt32BE(4);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        this.buffer = buffer.subarray(8);
        this.port.postMessage(Buffer.from('N')); // no encryption inside one process
        return this.nextMessage();
      }
      if (code === CANCEL_REQUEST) {
        this.port.close(); // a running statement cannot be interrupted here
        return undefined;
      }
      if (buffer.length < length) return undefined;
      this.started = true;
      this.buffer = buffer.subarray(length);
      return buffer.subarray(0, length);
    }
    if (buffer.length < 5) return undefined;
    const length = 1 + buffer.readInt32BE(1);
    if (buffer.length < length) return undefined;
    this.buffer = buffer.subarray(length);
    return buffer.subarray(0, length);
  }

  async pump() {
    if (this.pumping || current !== this) return;
    this.pumping = true;
    /** Answers not yet sent: a query's messages (Parse, Bind, Describe, Execute, Sync) are answered at once. */
    const answers = [];
    const send = () => {
      if (answers.length > 0 && !this.ended) this.port.postMessage(Buffer.concat(answers.splice(0)));
    };
    try {
      while (this.pending.length > 0 && current === this && !failed) {
        const message = this.pending.shift();
        if (message[0] === TERMINATE) {
          send();
          this.port.close();
          break;
        }
        const answer = await serially(() => runMessage(message));
        answers.push(answer);
        const panic = panicIn(answer);
        // Sent once nothing more has arrived (the client waits for it then), and before giving up.
        if (this.pending.length === 0 || panic) send();
        if (panic) fail(new Error(panic));
      }
      send();
    } catch (error) {
      send();
      fail(error);
    } finally {
      this.pumping = false;
    }
    if (this.ended && current === this) await this.release();
  }

  end() {
    if (this.ended) return;
    this.ended = true;
    this.port.close();
    const index = lineup.indexOf(this);
    if (index >= 0) lineup.splice(index, 1);
    if (current === this && !this.pumping) this.release();
  }

  /** A session that ended inside a transaction leaves nothing behind: rolled back, state reset. */
  async release() {
    if (current !== this) return;
    current = undefined;
    try {
      if (!failed) {
        await serially(async () => {
          // A session cut off inside an extended query leaves the backend waiting for its Sync.
          await engine.execProtocolRaw(SYNC);
          if (engine.isInTransaction()) await engine.exec('rollback');
          await engine.exec('discard all');
        });
      }
    } catch (error) {
      fail(error);
    }
    next();
  }
}

/** Runs one protocol message and returns the engine's whole answer to it. */
async function runMessage(message) {
  const chunks = [];
  await engine.runExclusive(() =>
    engine.execProtocolRawStream(message, { onRawData: (data) => chunks.push(Buffer.from(data)) }),
  );
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/**
 * The message of a PANIC or FATAL error in an answer. PostgreSQL would restart after one (a
 * write-ahead log it could not write, say); PGlite is left unusable, so the server reopens it.
 */
function panicIn(answer) {
  for (let at = 0; at + 5 <= answer.length; ) {
    const end = at + 1 + answer.readInt32BE(at + 1);
    if (answer[at] === 0x45) {
      const fields = {};
      for (let field = at + 5; field < end && answer[field] !== 0; ) {
        const stop = answer.indexOf(0, field + 1);
        fields[String.fromCharCode(answer[field])] = answer.toString('utf8', field + 1, stop);
        field = stop + 1;
      }
      if (fields.V === 'PANIC' || fields.V === 'FATAL') return fields.M;
    }
    at = end;
  }
  return undefined;
}

function next() {
  if (current || failed) return;
  current = lineup.shift();
  current?.pump();
}

/** The engine itself failed (not a statement): no session can continue, the server must reopen it. */
function fail(error) {
  if (failed) return;
  failed = true;
  parentPort.postMessage({ type: 'failed', message: String(error?.message ?? error), code: error?.code });
  for (const session of [current, ...lineup]) session?.port.close();
}

parentPort.on('message', async (message) => {
  if (!engine) return;
  if (message.type === 'session') {
    const session = new Session(message.port);
    if (failed) return session.end();
    lineup.push(session);
    next();
  } else if (message.type === 'dump') {
    const blob = await serially(() => engine.dumpDataDir('none'));
    const data = new Uint8Array(await blob.arrayBuffer());
    parentPort.postMessage({ type: 'dump', data }, [data.buffer]);
  } else if (message.type === 'close') {
    for (const session of [current, ...lineup]) session?.port.close();
    try {
      await serially(() => engine.close());
    } finally {
      parentPort.postMessage({ type: 'closed' });
      parentPort.close();
    }
  }
});
