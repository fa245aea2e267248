import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite } from '../../src/db/client';
import { backupToFile } from '../../src/modules/backup/backup.service';
import { freshDatabase } from '../helpers/database';
import { TEMPLATE_DATABASE } from '../setup/global-postgres';
import { type CraftedTable, craftedBackup, expectRefused, repeatedLines } from './backup-craft';
import { clientOf, seedDairy } from './dairy-fixture';

/**
 * A crafted file cannot make a restore use more than 512 MB of memory or run on past its row
 * counts (docs/rules.md section 24): it is refused with a message first. Each file is restored in
 * the test's database, and by `npm run restore` as its own process, whose peak memory is read as
 * it exits.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const peakMemoryReporter = path.join(root, 'server/test/helpers/report-peak-memory.cjs');
const folder = mkdtempSync(path.join(tmpdir(), 'dairy-restore-crafted-'));
const open: Database[] = [];
const MB = 2 ** 20;
let backup: string;
/** A colony's row as the backup holds it. */
let colonyLine: string;

async function fresh() {
  const database = await freshDatabase();
  open.push(database);
  return database;
}

beforeAll(async () => {
  const source = await fresh();
  const client = await clientOf(source);
  await seedDairy(client.call);
  await client.close();
  backup = path.join(folder, 'dairy.zip');
  await backupToFile(source.db, backup);
  colonyLine = strFromU8(unzipSync(readFileSync(backup))['colony.jsonl']!).split('\n')[0]!;
}, 120_000);

afterAll(async () => {
  for (const database of open) await database.close();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * A new, empty, migrated database for `npm run restore`: a database of the suite's PostgreSQL
 * cluster, or an embedded data folder made from the migrated copy (creating a folder from nothing
 * runs PostgreSQL's initdb inside the engine, which alone takes more memory than the bound).
 */
async function emptyDatabase(): Promise<Record<string, string>> {
  if (process.env.TEST_DB === 'postgres') {
    const base = inject('postgresUrl');
    const name = `crafted_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
    await admin.end();
    return { DATABASE_URL: base.replace(/\/postgres$/, `/${name}`), DATA_DIR: '' };
  }
  const dataDir = mkdtempSync(path.join(folder, 'data-'));
  const database = openPglite(dataDir, { loadDataDir: inject('pgliteTemplate') });
  await database.db.execute(sql`select 1`);
  await database.close();
  return { DATABASE_URL: '', DATA_DIR: dataDir };
}

/** `npm run restore -- FILE` into a new, empty database: what it printed, and its peak memory in MB. */
async function restoreCommand(file: string): Promise<{ code: number | null; output: string; peakMb: number }> {
  const database = await emptyDatabase();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--require', peakMemoryReporter, '--import', 'tsx', 'server/src/cli/restore.ts', file],
      { cwd: root, env: { ...process.env, ...database }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => {
      // Each thread that ends reports (the embedded engine's too): the last is the process's.
      const kb = Math.max(...[...output.matchAll(/peak-memory-kb=(\d+)/g)].map((m) => Number(m[1])));
      resolve({ code, output, peakMb: Math.round(kb / 1024) });
    });
  });
}

const damaged = (detail: string) => `The backup file is damaged or incomplete: ${detail}.`;

/** About 300 MB of colony rows that deflate packs into well under a megabyte. */
const manyColonies = (): CraftedTable['pieces'] => () => repeatedLines(colonyLine, 3_000_000);

const cases: [string, () => Record<string, CraftedTable>, string | RegExp][] = [
  [
    'a table of 3 million rows packed into a few hundred kilobytes, its count and checksum right',
    () => ({ colony: { pieces: manyColonies() } }),
    /^The backup's table colony could not be loaded: .*duplicate key/,
  ],
  [
    'a zip bomb: a file that says it unpacks to 300 MB for the 3 rows its manifest says',
    () => ({ colony: { pieces: manyColonies(), rows: 3 } }),
    /^The backup file is damaged or incomplete: colony\.jsonl unpacks to \d+ MB, more than its 3 rows can hold\.$/,
  ],
  [
    'a zip directory that says a file unpacks to 300 bytes where it unpacks to 300 MB',
    () => ({ colony: { pieces: manyColonies(), rows: 3, declaredSize: 300 } }),
    damaged('colony.jsonl unpacks to more than the 300 bytes the zip says'),
  ],
  [
    'a zip directory that says a file unpacks to more than its compressed bytes can',
    () => ({ colony: { pieces: manyColonies(), declaredSize: 4_000_000_000 } }),
    damaged('colony.jsonl says it unpacks to more than its compressed size can hold'),
  ],
  [
    'a manifest that says 100 rows of a file that has a million',
    () => ({ colony: { pieces: () => repeatedLines(colonyLine, 1_000_000), rows: 100 } }),
    damaged('colony.jsonl has more rows than the 100 its manifest says'),
  ],
  [
    'a manifest that says 10 million rows of a file of 3',
    () => ({ colony: { pieces: () => repeatedLines(colonyLine, 3), rows: 10_000_000 } }),
    damaged('colony.jsonl is too short for the 10000000 rows its manifest says'),
  ],
  [
    'a row of 40 MB',
    () => ({
      colony: {
        pieces: function* () {
          yield strToU8(`${colonyLine}\n${colonyLine}\n`);
          for (let i = 0; i < 40; i++) yield strToU8('x'.repeat(MB));
          yield strToU8('\n');
        },
      },
    }),
    damaged('a row of colony.jsonl is longer than 16 MB'),
  ],
];

describe('a crafted backup is refused with a message, and nothing is restored', () => {
  const files = new Map<string, string>();
  const fileOf = (name: string, tables: () => Record<string, CraftedTable>) => {
    if (!files.has(name)) files.set(name, craftedBackup(backup, folder, tables()));
    return files.get(name)!;
  };

  it.each(cases)(
    '%s',
    async (name, tables, message) => {
      const file = fileOf(name, tables);
      expect(statSync(file).size).toBeLessThan(MB);
      await expectRefused(await fresh(), file, message);
    },
    120_000,
  );

  // A process of its own, so that its memory is the restore's alone.
  it.each(cases)(
    '%s: npm run restore refuses it within 512 MB',
    async (name, tables, message) => {
      const run = await restoreCommand(fileOf(name, tables));
      expect(run.peakMb).toBeGreaterThan(0);
      expect(run.peakMb).toBeLessThan(512);
      expect(run.code).toBe(1);
      const said = /Restore refused: (.*) Nothing was restored\./.exec(run.output)?.[1];
      expect(said).toMatch(message);
    },
    300_000,
  );
});
