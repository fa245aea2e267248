import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';
import type { Db } from '../src/db/client';

/**
 * `npm run bench -- --load --diagnose`: where a load run's calls wait. Sampled every 20 ms while the
 * clients run: the pool's connections checked out and the calls queued for one; on PostgreSQL
 * what its sessions do (running, or idle inside a transaction waiting for the server's next
 * statement); and, on Linux, the CPU time of the server's thread, of this whole process and of
 * the PostgreSQL processes per call, read from /proc.
 */

const SAMPLE_MS = 20;

/** CPU ms of a /proc stat file (user + system; clock ticks are 10 ms on Linux). */
function cpuMs(statFile: string): number {
  try {
    const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // a process that ended meanwhile
  }
}

function cpuNow() {
  const tasks = readdirSync('/proc/self/task');
  let postgres = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('postgres:')) postgres += cpuMs(`/proc/${pid}/stat`);
    } catch {
      // ended meanwhile
    }
  }
  return {
    'server thread': cpuMs(`/proc/self/task/${process.pid}/stat`),
    'whole process': tasks.reduce((sum, task) => sum + cpuMs(`/proc/self/task/${task}/stat`), 0),
    postgres,
  };
}

export interface Diagnosis {
  /** Stops sampling and prints what was seen, per call of the run. */
  report(label: string, calls: number): Promise<void>;
}

/** Starts sampling `db`'s pool and, given its address, the PostgreSQL database's sessions. */
export function diagnose(db: Db, postgres: pg.Client | undefined): Diagnosis {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const withProc = existsSync('/proc/self/task');
  const cpuBefore = withProc ? cpuNow() : undefined;
  const samples = { pool: 0, checkedOut: 0, queued: 0, sessions: 0 };
  const states = new Map<string, number>();
  let stopped = false;
  const timer = setInterval(() => {
    samples.pool++;
    samples.checkedOut += pool.totalCount - pool.idleCount;
    samples.queued += pool.waitingCount;
  }, SAMPLE_MS);
  const sessions = (async () => {
    while (postgres && !stopped) {
      const { rows } = await postgres.query<{ state: string; wait: string }>(
        `select state, coalesce(wait_event_type || ':' || wait_event, 'running') as wait from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      samples.sessions++;
      for (const r of rows) states.set(`${r.state} (${r.wait})`, (states.get(`${r.state} (${r.wait})`) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return {
    async report(label, calls) {
      stopped = true;
      clearInterval(timer);
      await sessions;
      const mean = (n: number, of: number) => (of === 0 ? '-' : (n / of).toFixed(2));
      console.log(
        `${label}: connections checked out ${mean(samples.checkedOut, samples.pool)}, calls queued for one ${mean(samples.queued, samples.pool)} (means)`,
      );
      if (samples.sessions > 0)
        console.log(
          `${label}: PostgreSQL sessions (mean count): ${[...states]
            .sort((a, b) => b[1] - a[1])
            .map(([state, n]) => `${state} ${mean(n, samples.sessions)}`)
            .join(', ')}`,
        );
      if (cpuBefore) {
        const after = cpuNow();
        const perCall = Object.entries(after).map(
          ([name, ms]) => `${name} ${((ms - cpuBefore[name as keyof typeof after]) / calls).toFixed(1)}`,
        );
        console.log(`${label}: CPU ms per call (warm-up included): ${perCall.join(', ')}`);
      }
    },
  };
}
