import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { listBackups } from '../../src/modules/backup/backup.service';
import type { Manifest } from '../../src/modules/backup/backup-file';
import { type ServerProcess, spawnServer, waitUntilServing } from '../faults/server-process';
import { clientOf, type Dairy, everyAnswer, expectSameAnswers, seedDairy } from './dairy-fixture';

/**
 * Moving a dairy from the laptop (the embedded database in a data folder) to a PostgreSQL server
 * and back, with the commands the README gives: `npm run backup -- --out FILE` and
 * `npm run restore -- FILE`, run as a person runs them.
 */
// The move needs both engines: it runs in the api-postgres suite, beside its cluster; the
// commands' refusals concern the embedded database's folders: they run in the api-pglite suite.
const onPostgres = process.env.TEST_DB === 'postgres';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const folder = mkdtempSync(path.join(tmpdir(), 'dairy-moving-'));
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) await server.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
});

/** A new, empty PostgreSQL database, as `createdb` makes it. */
async function createdb(): Promise<string> {
  const name = `moving_${process.pid}_${Date.now()}`;
  const postgresBase = inject('postgresUrl');
  const admin = new pg.Client({ connectionString: postgresBase });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return postgresBase.replace(/\/postgres$/, `/${name}`);
}

interface Run {
  code: number | null;
  output: string;
}

/** `npm run <script> -- <args>` from the checkout, with these settings. */
function npmRun(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', BACKUP_DIR: path.join(folder, 'backups'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const manifestOf = (file: string) =>
  JSON.parse(Buffer.from(unzipSync(readFileSync(file))['manifest.json']!).toString('utf8')) as Manifest;

/** Two backups hold the same tables with the same rows, byte for byte. */
function expectSameTables(a: string, b: string) {
  expect(manifestOf(b).tables).toEqual(manifestOf(a).tables);
}

async function answersOf(database: Database, dairy: Dairy) {
  const client = await clientOf(database, { create: false });
  try {
    return await everyAnswer(client.call, dairy);
  } finally {
    await client.close();
  }
}

if (onPostgres)
  describe('moving between the embedded database and PostgreSQL', () => {
    it('moves a dairy to PostgreSQL and back with npm run backup and npm run restore: every list, bill and balance the same', async () => {
      const laptop = path.join(folder, 'laptop');
      const first = openPglite(laptop);
      let dairy: Dairy;
      let before: Record<string, unknown>;
      try {
        await first.migrate();
        const client = await clientOf(first);
        dairy = await seedDairy(client.call);
        before = await everyAnswer(client.call, dairy);
        await client.close();
      } finally {
        await first.close();
      }

      const fromLaptop = path.join(folder, 'from-laptop.zip');
      const backedUp = await npmRun('backup', ['--out', fromLaptop], { DATA_DIR: laptop });
      expect(backedUp).toMatchObject({ code: 0 });
      expect(backedUp.output).toMatch(
        /^Backed up \d+ rows of \d+ tables from the embedded database in .*laptop into .*from-laptop\.zip/,
      );

      const server = await createdb();
      const restored = await npmRun('restore', [fromLaptop], { DATABASE_URL: server });
      expect(restored.output).toMatch(
        /^Restored \d+ rows of \d+ tables \(a backup of .*\) into the PostgreSQL server of DATABASE_URL/,
      );
      expect(restored.code).toBe(0);

      const fromServer = path.join(folder, 'from-server.zip');
      expect(await npmRun('backup', ['--out', fromServer], { DATABASE_URL: server })).toMatchObject({ code: 0 });
      expectSameTables(fromLaptop, fromServer);
      const onServer = openPostgres(server, 2);
      try {
        expectSameAnswers(await answersOf(onServer, dairy), before);
      } finally {
        await onServer.close();
      }

      const back = path.join(folder, 'back');
      expect(await npmRun('restore', [fromServer], { DATA_DIR: back })).toMatchObject({ code: 0 });
      const again = path.join(folder, 'again.zip');
      expect(await npmRun('backup', ['--out', again], { DATA_DIR: back })).toMatchObject({ code: 0 });
      expectSameTables(fromLaptop, again);
      const home = openPglite(back);
      try {
        expectSameAnswers(await answersOf(home, dairy), before);
      } finally {
        await home.close();
      }

      // Restoring again into the database that has the dairy now is refused, and changes nothing.
      const twice = await npmRun('restore', [fromLaptop], { DATABASE_URL: server });
      expect(twice.code).toBe(1);
      expect(twice.output).toContain(
        'Restore refused: The database already has data (the table app_user has rows). Restore only into a new, empty database. Nothing was restored.',
      );
    }, 300_000);
  });

if (!onPostgres)
  describe('npm run backup and npm run restore', () => {
    it('backup into BACKUP_DIR by default, named as the Backups screen lists them', async () => {
      const data = path.join(folder, 'default-out');
      const database = openPglite(data);
      await database.migrate();
      await database.close();
      const backups = path.join(folder, 'listed');
      const run = await npmRun('backup', [], { DATA_DIR: data, BACKUP_DIR: backups });
      expect(run.code).toBe(0);
      expect(run.output).toMatch(/into .*listed\/dairy-\d{4}-\d{2}-\d{2}-\d{6}\.zip/);
    }, 120_000);

    it('backup refuses while the server has the data folder open, and says to use the Backups screen', async () => {
      const data = path.join(folder, 'serving');
      const automatic = path.join(folder, 'automatic');
      const server = await spawnServer({ DATA_DIR: data, BACKUP_AT: '23:00', BACKUP_DIR: automatic });
      servers.push(server);
      await waitUntilServing(server);
      // With no backup yet, the server takes one as it starts.
      await expect.poll(async () => (await listBackups(automatic)).length, { timeout: 30_000 }).toBe(1);
      const run = await npmRun('backup', ['--out', path.join(folder, 'never.zip')], { DATA_DIR: data });
      expect(run.code).toBe(1);
      expect(run.output).toContain(
        `No backup was made. The data folder ${data} is in use by another server (pid ${server.pid}). While the server runs, take the backup on its Backups screen (Back up now, then Download), or stop the server and run npm run backup again.`,
      );
      expect(existsSync(path.join(folder, 'never.zip'))).toBe(false);
      await server.kill('SIGTERM');
    }, 180_000);

    it('backup refuses a data folder with no database, and restore a damaged file before opening any', async () => {
      const missing = path.join(folder, 'no-such-folder');
      const backup = await npmRun('backup', ['--out', path.join(folder, 'x.zip')], { DATA_DIR: missing });
      expect(backup.code).toBe(1);
      expect(backup.output).toContain(`No backup was made. There is no database in ${missing} (DATA_DIR).`);
      expect(existsSync(missing)).toBe(false);
      const empty = await npmRun('backup', ['--out', path.join(folder, 'x.zip')], { DATA_DIR: 'memory://' });
      expect(empty.code).toBe(1);
      expect(empty.output).toContain(
        'No backup was made. The database has no DairyDesk tables yet: there is nothing to back up.',
      );
      expect(existsSync(path.join(folder, 'x.zip'))).toBe(false);

      const damaged = path.join(folder, 'damaged.zip');
      writeFileSync(damaged, 'not a zip');
      const restore = await npmRun('restore', [damaged], { DATA_DIR: missing });
      expect(restore.code).toBe(1);
      expect(restore.output).toContain(
        'Restore refused: The file is not a DairyDesk backup: it has no readable manifest.json. Nothing was restored.',
      );
      expect(existsSync(missing)).toBe(false);
      const usage = await npmRun('restore', [], { DATA_DIR: missing });
      expect(usage).toMatchObject({ code: 1, output: expect.stringContaining('Usage: npm run restore -- FILE') });
    }, 120_000);
  });
