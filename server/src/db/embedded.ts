import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Duplex } from 'node:stream';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';

/** The embedded engine stopped or never started: calls answer 503 while it is away. */
export class EngineUnavailableError extends Error {
  readonly code = 'ENGINE_UNAVAILABLE';
}

export interface EngineSource {
  /** A folder, or `memory://`. */
  dataDir: string;
  /** A dump (tar file of a data folder) to start from, for tests. */
  loadDataDir?: string | undefined;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string; code?: string }
  | { type: 'dump'; data: Uint8Array }
  | { type: 'closed' };

// The type library here (ES2023, no DOM) names WebAssembly's types but not its functions.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } })
  .WebAssembly;

let compiled: Promise<WebAssembly.Module> | undefined;
/**
 * PGlite's WebAssembly, compiled once for the process and handed to each engine's thread: a new
 * thread would otherwise compile it again (most of a test database's start).
 */
function pgliteModule(): Promise<WebAssembly.Module> {
  compiled ??= readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')).then((bytes) =>
    wasm.compile(bytes),
  );
  return compiled;
}

/** How long closing waits for PGlite to write its last changes before the thread is stopped. */
const CLOSE_WAIT_MS = 15_000;

/**
 * PGlite in a worker thread (`pglite-worker.mjs`), reached through the PostgreSQL wire protocol:
 * `connect()` hands out a stream for `pg`, one protocol session per stream.
 */
export class EmbeddedEngine {
  private readonly worker: Promise<Worker>;
  private readonly started: Promise<void>;
  private failure: Error | undefined;
  private opened = false;
  private closed = false;
  private exited = false;
  private readonly waiting = new Set<(message: WorkerMessage) => void>();

  constructor(source: EngineSource) {
    this.worker = pgliteModule().then(
      (wasmModule) => this.spawn(source, wasmModule),
      () => this.spawn(source, undefined), // the thread compiles it then
    );
    this.started = this.next('ready').then(() => {
      this.opened = true;
    });
    this.started.catch(() => {}); // reported to whoever uses the engine
  }

  private spawn(source: EngineSource, wasmModule: WebAssembly.Module | undefined): Worker {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: source.dataDir, loadDataDir: source.loadDataDir, wasmModule },
    });
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'failed') this.failure ??= new EngineUnavailableError(message.message);
      for (const listener of this.waiting) listener(message);
    });
    worker.on('error', (error) => {
      this.failure ??= new EngineUnavailableError(error.message);
    });
    worker.on('exit', () => {
      this.exited = true;
      this.failure ??= new EngineUnavailableError('The embedded database stopped.');
      for (const listener of this.waiting) listener({ type: 'failed', message: this.failure.message });
    });
    return worker;
  }

  /** Why the engine cannot serve, or undefined while it can. */
  get problem(): Error | undefined {
    return this.failure;
  }

  /** Whether it has opened (and not failed since). */
  get serving(): boolean {
    return this.opened && !this.failure;
  }

  /** Whether its thread has ended. */
  get stopped(): boolean {
    return this.exited;
  }

  /** Resolves once the engine is open; rejects with the reason it could not open. */
  ready(): Promise<void> {
    return this.started;
  }

  /** A new protocol session's port. */
  async session(): Promise<MessagePort> {
    await this.started;
    if (this.failure || this.closed) throw this.failure ?? new EngineUnavailableError('The database is closed.');
    const { port1, port2 } = new MessageChannel();
    (await this.worker).postMessage({ type: 'session', port: port2 }, [port2]);
    return port1;
  }

  /** The data folder as a tar file (when no session is in a transaction). */
  async dump(): Promise<Uint8Array> {
    await this.started;
    const answer = this.next('dump');
    (await this.worker).postMessage({ type: 'dump' });
    const message = await answer;
    return (message as { data: Uint8Array }).data;
  }

  /** Writes the last changes and stops the thread; never leaves Node waiting on it. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.started.catch(() => {});
    const worker = await this.worker;
    if (!this.failure) {
      const answer = this.next('closed');
      worker.postMessage({ type: 'close' });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
      });
      await Promise.race([answer.catch(() => {}), timeout]);
      clearTimeout(timer);
    }
    await worker.terminate();
  }

  /** The worker's next message of `type`; rejects when it reports a failure first. */
  private next(type: WorkerMessage['type']): Promise<WorkerMessage> {
    return new Promise((resolve, reject) => {
      const listener = (message: WorkerMessage) => {
        if (message.type !== type && message.type !== 'failed') return;
        this.waiting.delete(listener);
        if (message.type === 'failed') reject(new EngineUnavailableError(message.message));
        else resolve(message);
      };
      this.waiting.add(listener);
    });
  }

  /** A stream factory for pg's `stream` option. */
  connect = (): Duplex => new SessionStream(this);
}

/**
 * One protocol session as the socket-like stream `pg` expects: `connect()` opens the session,
 * bytes travel over a message port to the worker and back.
 */
class SessionStream extends Duplex {
  private port: MessagePort | undefined;

  constructor(private readonly engine: EmbeddedEngine) {
    super();
  }

  connect(): this {
    this.engine.session().then(
      (port) => {
        if (this.destroyed) return port.close();
        this.port = port;
        port.on('message', (chunk: Uint8Array) =>
          this.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)),
        );
        port.on('close', () => {
          this.push(null);
          this.destroy();
        });
        this.emit('connect');
      },
      (error: Error) => this.destroy(error),
    );
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.port?.ref();
    return this;
  }

  unref(): this {
    this.port?.unref();
    return this;
  }

  override _read() {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    if (!this.port) return done(new EngineUnavailableError('The database session is not open.'));
    this.port.postMessage(chunk);
    done();
  }

  /** What `pg` wrote corked (a query's Parse, Bind, Describe, Execute and Sync) goes as one message. */
  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void) {
    this._write(Buffer.concat(chunks.map((c) => c.chunk)), 'binary', done);
  }

  override _final(done: (error?: Error | null) => void) {
    this.port?.close();
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void) {
    this.port?.close();
    done(error);
  }
}
