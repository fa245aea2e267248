import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../setup/postgres-cluster';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<Exit>;
  /** Whether it has exited. */
  done(): boolean;
  kill(signal?: NodeJS.Signals): Promise<Exit>;
}

/**
 * The real server (`server/src/server.ts`) as its own process, on a free port: `npm start` without
 * the web build. `env` adds or overrides settings (DATA_DIR, DATABASE_URL).
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      BACKUP_AT: 'off',
      // The test's own calls make every delivery it counts.
      GENERATE_AT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  let finished = false;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      finished = true;
      resolve({ code, signal });
    }),
  );
  if (child.pid === undefined) throw new Error('the server process did not start');
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    child,
    output: () => output,
    exited,
    done: () => finished,
    async kill(signal = 'SIGTERM') {
      if (!finished) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until the server answers `/api/health` with 200; fails if it exits first. */
export async function waitUntilServing(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.done()) throw new Error(`the server exited before serving:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not serve within ${timeoutMs} ms:\n${server.output()}`);
}

export interface Answer {
  status: number;
  body: any;
}

/** A client of a running server: signed in once set up, with the guard header on every call. */
export function client(server: ServerProcess) {
  let cookie = '';
  const call = async (method: string, url: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        'x-requested-with': 'fetch',
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0]!;
    return { status: response.status, body: parsed };
  };
  return {
    call,
    /** Creates the first administrator, which signs this client in. */
    async setUp() {
      const answer = await call('POST', '/api/auth/setup', { username: 'admin', password: 'fault-test-1' });
      if (answer.status !== 200) throw new Error(`setup failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    },
  };
}
