import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL 15 cluster in a temp folder, for the test run only. As root it runs
 * the server as the OS user `postgres`, as PostgreSQL refuses to run as root.
 */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export function postgresAvailable(): boolean {
  return existsSync(path.join(PG_BIN, 'postgres')) && existsSync(path.join(PG_BIN, 'initdb'));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface Cluster {
  url(database: string): string;
  /** Stops the server and removes its files. */
  stop(): void;
  /** Stops the server, keeping its files, as an outage would (fault tests). */
  pause(): void;
  /** Starts a paused server again, on the same port. */
  resume(): void;
  /** `pg_ctl restart -m fast`: every connection is dropped. */
  restart(): void;
}

/** A new cluster in a temp folder, or in a folder of `parent` (a small disk, for fault tests). */
export async function startCluster(options: { parent?: string } = {}): Promise<Cluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(options.parent ?? tmpdir(), 'dairy-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const run = (binary: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(PG_BIN, binary);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, binary), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${binary} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const control = (action: 'start' | 'restart') =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-w',
      '-m',
      'fast',
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      action,
    ]);
  control('start');
  const pause = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      try {
        pause();
      } catch {
        // already stopped (a paused cluster)
      }
      rmSync(dir, { recursive: true, force: true });
    },
    pause,
    resume: () => control('start'),
    restart: () => control('restart'),
  };
}
