import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { backupToFile } from '../src/modules/backup/backup.service';
import { restoreBackup, restoreChecks } from '../src/modules/backup/restore';
import { type Engine, pgliteEngine, postgresEngine } from './engines';
import { type BenchResult, spread, timed } from './measure';
import { seedDairy } from './scale-seed';

/**
 * `npm run bench -- --restore`: a backup of the large dairy of scale-seed.ts (10,000 customers,
 * 3.7 million transactions, five months of bills) restored into a new database on each engine.
 * The whole restore is timed once against the backup that wrote the file, and the checks a
 * restore makes before it commits, timed alone on the restored rows, against the whole restore.
 * The process's peak memory (resident set, the embedded engine's worker included) is noted.
 */
const CHECK_RUNS = 3;

/** The most memory the process held while `work` ran, in MB, sampled every 20 ms. */
async function peakMemory(work: () => Promise<unknown>): Promise<{ ms: number; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const ms = await timed(work);
    return { ms, peakMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20) };
  } finally {
    clearInterval(sampler);
  }
}

const one = (ms: number) => spread([ms]);

async function measure(engine: Engine, folder: string): Promise<BenchResult[]> {
  const log = (text: string) => console.log(`[${engine.kind}] ${text}`);
  log('seeding the large dairy (a few minutes)');
  const source = await engine.open('source');
  const file = path.join(folder, `${engine.kind}.zip`);
  let backupMs: number;
  let rows: number;
  try {
    await seedDairy(source.db, 'large');
    log('backing up');
    backupMs = await timed(async () => {
      const manifest = await backupToFile(source.db, file);
      rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    });
  } finally {
    await source.close();
  }
  log(`restoring ${rows!} rows (${(statSync(file).size / 2 ** 20).toFixed(1)} MB)`);
  const target = await engine.open('target');
  try {
    const restore = await peakMemory(() => restoreBackup(target, file));
    log(`restored in ${(restore.ms / 1000).toFixed(0)} s, peak ${restore.peakMb} MB; timing the checks`);
    const checks: number[] = [];
    for (let i = 0; i < CHECK_RUNS; i++)
      checks.push(
        await timed(() =>
          target.db.transaction(async (tx) => {
            const problem = await restoreChecks(tx);
            if (problem) throw new Error(`the restored dairy does not check: ${problem}`);
          }),
        ),
      );
    const checked = spread(checks);
    return [
      {
        name: `restore a backup of the large dairy (${rows!} rows)`,
        engine: engine.kind,
        ours: one(restore.ms),
        baseline: one(backupMs),
        baselineName: 'the backup',
        ratio: one(restore.ms / backupMs),
        note: `peak memory ${restore.peakMb} MB`,
      },
      {
        name: 'the checks a restore makes before it commits',
        engine: engine.kind,
        ours: checked,
        baseline: one(restore.ms),
        baselineName: 'the whole restore',
        ratio: spread(checks.map((ms) => ms / restore.ms)),
      },
    ];
  } finally {
    await target.close();
  }
}

export async function restoreBenchmarks(): Promise<BenchResult[]> {
  const folder = mkdtempSync(path.join(tmpdir(), 'dairy-restore-bench-'));
  const results: BenchResult[] = [];
  try {
    for (const start of [() => pgliteEngine({ inFolders: true }), postgresEngine]) {
      const engine = await start();
      if (!engine) continue;
      try {
        results.push(...(await measure(engine, folder)));
      } finally {
        engine.stop();
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return results;
}
