import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';
import { backupToFile, listBackups } from '../../src/modules/backup/backup.service';
import type { Manifest } from '../../src/modules/backup/backup-file';
import { ledgerProblems } from '../../src/modules/backup/ledger-check';
import { restoreBackup } from '../../src/modules/backup/restore';
import { startBackupSchedule } from '../../src/modules/backup/schedule';
import { knownMigrations } from '../../src/modules/backup/tables';
import { freshDatabase } from '../helpers/database';
import { lastActiveOf } from '../helpers/factories';
import {
  type BackupFiles,
  counts,
  expectRefused as expectRefusedInto,
  rewritten as rewrittenBackup,
  sha256,
  withManifest,
} from './backup-craft';
import { type Client, clientOf, type Dairy, everyAnswer, expectSameAnswers, seedDairy } from './dairy-fixture';

const folder = mkdtempSync(path.join(tmpdir(), 'dairy-backup-test-'));
const backupDir = path.join(folder, 'backups');
const open: Database[] = [];
let source: Database;
let client: Client;
let dairy: Dairy;
let backup: string;
let manifest: Manifest;

async function fresh() {
  const database = await freshDatabase();
  open.push(database);
  return database;
}

beforeAll(async () => {
  source = await fresh();
  client = await clientOf(source, { config: { backupDir, backupKeep: 2 } });
  dairy = await seedDairy(client.call);
  backup = path.join(folder, 'dairy.zip');
  manifest = await backupToFile(source.db, backup);
}, 120_000);

afterAll(async () => {
  await client.close();
  for (const database of open) await database.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The backup rewritten: `change` edits its files (name → text) before it is zipped again. */
const rewritten = (change: (files: BackupFiles) => void) => rewrittenBackup(backup, folder, change);

const expectRefused = async (file: string, message: string | RegExp) => expectRefusedInto(await fresh(), file, message);

describe('the backup file', () => {
  it('holds every table of the database but sessions and idempotency records, with rows, checksums, the last migration and the sequences', async () => {
    const entries = unzipSync(readFileSync(backup));
    expect(Object.keys(entries).sort()).toEqual([...manifest.tables.map((t) => t.file), 'manifest.json'].sort());
    expect(manifest.format).toBe(1);
    expect(manifest.lastMigration).toBe(knownMigrations().at(-1)!.tag);
    expect(Number.isNaN(Date.parse(manifest.createdAt))).toBe(false);
    const { session, idempotency_key, ...tables } = await counts(source);
    expect(session).toBeGreaterThan(0);
    expect(idempotency_key).toBeGreaterThan(0);
    expect(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]))).toEqual(tables);
    for (const t of manifest.tables) expect(sha256(strFromU8(entries[t.file]!))).toBe(t.sha256);
    // Parents before children: a restore can load them in this order.
    const order = manifest.tables.map((t) => t.name);
    expect(order.indexOf('colony')).toBeLessThan(order.indexOf('customer'));
    expect(order.indexOf('customer')).toBeLessThan(order.indexOf('payment'));
    expect(order.indexOf('payment')).toBeLessThan(order.indexOf('payment_line'));
    expect(manifest.sequences).toContainEqual(expect.objectContaining({ table: 'customer', column: 'customer_id' }));
  });

  it('keeps money, dates and times as exact text and whole numbers and JSON as JSON', () => {
    const entries = unzipSync(readFileSync(backup));
    const lines = (file: string) =>
      strFromU8(entries[file]!)
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
    const ravi = lines('customer.jsonl').find((c) => c.customer_name === 'Ravi Kumar');
    expect(ravi).toMatchObject({ opening_balance: '150.75', route: 2, contact_number: '+91 98765 43210', version: 1 });
    const ghee = lines('transaction.jsonl').find((t) => t.price === '640.50');
    expect(ghee).toMatchObject({ transaction_date: '2026-06-15', attendance: 1 });
    const receipt = lines('receipt.jsonl')[0];
    expect(receipt.received_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?\+00$/);
    const audit = lines('audit_log.jsonl').find((a) => a.after !== null);
    expect(audit.after).toEqual(expect.any(Object));
  });
});

describe('restore', () => {
  it('restores every row into an empty database, every answer the same, and numbering goes on', async () => {
    const target = await fresh();
    const result = await restoreBackup(target, backup);
    expect(result.rows).toBe(manifest.tables.reduce((sum, t) => sum + t.rows, 0));
    // A backup of the restored database is the same file content, table by table.
    const again = await backupToFile(target.db, path.join(folder, 'again.zip'));
    expect(again.tables).toEqual(manifest.tables);
    expect(await ledgerProblems(target.db)).toEqual([]);

    const restored = await clientOf(target);
    try {
      expectSameAnswers(await everyAnswer(restored.call, dairy), await everyAnswer(client.call, dairy));
      const added = await restored.call('POST', '/api/users/add', {
        name: 'New Person',
        address: 'Somewhere',
        colony: 'GP',
        route: 1,
      });
      expect(added.status).toBe(200);
      expect(added.body.row.customerId).toBeGreaterThan(Math.max(...dairy.customerIds));
    } finally {
      await restored.close();
    }
  });

  it('refuses a database that has data, and changes nothing', async () => {
    const target = await fresh();
    await target.db.execute(sql`insert into colony (colony_code, colony_name) values ('XX', 'Some colony')`);
    const error = await restoreBackup(target, backup).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'The database already has data (the table colony has rows). Restore only into a new, empty database.',
    );
    expect(await counts(target)).toMatchObject({ colony: 1, customer: 0, transaction: 0 });
  });

  it('refuses a file that is not a zip', async () => {
    const file = path.join(folder, 'noise.zip');
    writeFileSync(file, Buffer.from('PK\u0003\u0004 this is not really a zip file at all'.repeat(50)));
    await expectRefused(file, /damaged or incomplete|not a DairyDesk backup/);
    const text = path.join(folder, 'customers.csv');
    writeFileSync(text, 'Name,Phone\nAsha,1\n');
    await expectRefused(text, 'The file is not a DairyDesk backup: it has no readable manifest.json.');
  });

  it('refuses a missing file in words', async () => {
    await expectRefused(path.join(folder, 'nowhere.zip'), /cannot be read: there is no such file/);
  });

  it('refuses a truncated backup', async () => {
    const bytes = readFileSync(backup);
    for (const keep of [0.5, 0.9, 0.99]) {
      const file = path.join(folder, `cut-${keep}.zip`);
      writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * keep)));
      await expectRefused(file, /damaged or incomplete|not a DairyDesk backup/);
    }
  });

  it('refuses a file whose content does not match its checksum', async () => {
    const file = rewritten((files) => {
      files['customer.jsonl'] = files['customer.jsonl']!.replace('"150.75"', '"1.75"');
    });
    await expectRefused(
      file,
      'The backup file is damaged or incomplete: customer.jsonl does not match its SHA-256 checksum.',
    );
  });

  it('refuses a file whose row count differs from the manifest', async () => {
    const file = rewritten((files) =>
      withManifest(files, (m) => {
        m.tables.find((t) => t.name === 'colony')!.rows += 1;
      }),
    );
    await expectRefused(file, /colony\.jsonl has 3 rows where the manifest says 4/);
  });

  it('refuses a backup that lacks a table file its manifest lists', async () => {
    const file = rewritten((files) => {
      delete files['receipt.jsonl'];
    });
    await expectRefused(file, 'The backup file is damaged or incomplete: it lacks receipt.jsonl.');
  });

  it('refuses a backup of a newer format or a later migration', async () => {
    const newer = rewritten((files) =>
      withManifest(files, (m) => {
        m.format = 2;
      }),
    );
    await expectRefused(
      newer,
      'This backup was made by a newer version of DairyDesk (backup format 2; this version reads format 1). Update DairyDesk, then restore.',
    );
    const later = rewritten((files) =>
      withManifest(files, (m) => {
        m.lastMigration = '0099_from_the_future';
      }),
    );
    await expectRefused(
      later,
      `This backup comes from a newer version of DairyDesk (its database is at migration 0099_from_the_future; this version knows up to ${knownMigrations().at(-1)!.tag}). Update DairyDesk, then restore.`,
    );
  });

  it('refuses a backup whose balances do not add up, with the checksums made to match', async () => {
    const file = rewritten((files) => {
      const lines = files['customer.jsonl']!.trimEnd().split('\n');
      const ravi = JSON.parse(lines[1]!);
      ravi.due = (Number(ravi.due) + 1).toFixed(2);
      lines[1] = JSON.stringify(ravi);
      const text = `${lines.join('\n')}\n`;
      files['customer.jsonl'] = text;
      withManifest(files, (m) => {
        m.tables.find((t) => t.name === 'customer')!.sha256 = sha256(text);
      });
    });
    await expectRefused(file, /^The backup's balances do not add up: customer \d+ has paid/);
  });

  it('refuses a row the database cannot take, in its words', async () => {
    const file = rewritten((files) => {
      const text = files['colony.jsonl']!.replace('"charges":"20.50"', '"charges":"-20.50"');
      files['colony.jsonl'] = text;
      withManifest(files, (m) => {
        m.tables.find((t) => t.name === 'colony')!.sha256 = sha256(text);
      });
    });
    await expectRefused(file, /^The backup's table colony could not be loaded: .*colony_charges_check/);
  });

  it('restores a backup of an older version: columns added since take their defaults', async () => {
    const file = rewritten((files) => {
      const text = files['colony.jsonl']!.replaceAll(/,"version":\d+/g, '');
      files['colony.jsonl'] = text;
      withManifest(files, (m) => {
        const colony = m.tables.find((t) => t.name === 'colony')!;
        colony.columns = colony.columns.filter((c) => c !== 'version');
        colony.sha256 = sha256(text);
      });
    });
    const target = await fresh();
    await restoreBackup(target, file);
    const rows = await rowsOf<{ version: number }>(target.db, sql`select version from colony`);
    expect(rows.map((r) => r.version)).toEqual([1, 1, 1]);
  });

  it('restores a backup made while the last active date was stored: the date is read from the deliveries', async () => {
    const file = rewritten((files) => {
      const text = files['customer.jsonl']!.replaceAll(/,"version":/g, ',"last_active":"1999-01-01","version":');
      files['customer.jsonl'] = text;
      withManifest(files, (m) => {
        const customer = m.tables.find((t) => t.name === 'customer')!;
        customer.columns = [...customer.columns, 'last_active'];
        customer.sha256 = sha256(text);
      });
    });
    const target = await fresh();
    await restoreBackup(target, file);
    const ids = await rowsOf<{ id: number }>(source.db, sql`select customer_id as id from customer order by 1`);
    const lastActive = (database: Database) => Promise.all(ids.map((r) => lastActiveOf(database.db, r.id)));
    const restored = await lastActive(target);
    expect(restored).toEqual(await lastActive(source));
    expect(restored.filter((d) => d !== null).length).toBeGreaterThan(0);
    expect(restored).not.toContain('1999-01-01');
  });
});

describe('sessions never travel', () => {
  /** What a call with the cookie of the source dairy's admin answers on `database`. */
  async function withOldCookie(database: Database) {
    const restored = await clientOf(database, { create: false });
    try {
      const colonies = await restored.app.inject({
        method: 'GET',
        url: '/api/colony',
        headers: { cookie: client.cookie },
      });
      const state = await restored.app.inject({
        method: 'GET',
        url: '/api/auth/state',
        headers: { cookie: client.cookie },
      });
      return { colonies: colonies.statusCode, user: state.json().user };
    } finally {
      await restored.close();
    }
  }

  it('a restored database starts with everyone signed out: a cookie issued before the backup does not work', async () => {
    expect(await withOldCookie(source)).toEqual({
      colonies: 200,
      user: expect.objectContaining({ username: 'admin' }),
    });
    const target = await fresh();
    await restoreBackup(target, backup);
    expect(await counts(target)).toMatchObject({ session: 0, idempotency_key: 0 });
    expect(await withOldCookie(target)).toEqual({ colonies: 401, user: null });
  });

  it('restores a backup of an older version that holds sessions and idempotency records, leaving them out', async () => {
    const token = client.cookie.replace(/^sid=/, '');
    const [admin] = await rowsOf<{ id: number }>(
      source.db,
      sql`select user_id as id from app_user where username = 'admin'`,
    );
    const old: Record<string, string> = {
      session: `${JSON.stringify({ token_hash: sha256(token), user_id: admin!.id, expires_at: '2099-01-01 00:00:00+00' })}\n`,
      idempotency_key: `${JSON.stringify({
        key: 'receipt-ravi-june',
        request_path: '/api/payments/receivingPaymentsForm',
        request_hash: 'a'.repeat(64),
        status_code: 200,
        response: { msg: 'Payment received' },
        created_at: '2026-06-20 10:00:00+00',
      })}\n`,
    };
    const file = rewritten((files) => {
      for (const [name, text] of Object.entries(old)) files[`${name}.jsonl`] = text;
      withManifest(files, (m) => {
        m.tables = m.tables.filter((t) => !(t.name in old));
        for (const [name, text] of Object.entries(old))
          m.tables.push({
            name,
            file: `${name}.jsonl`,
            rows: 1,
            sha256: sha256(text),
            columns: Object.keys(JSON.parse(text)),
          });
      });
    });
    const target = await fresh();
    const result = await restoreBackup(target, file);
    expect(result.rows).toBe(manifest.tables.reduce((sum, t) => sum + t.rows, 0));
    expect(await counts(target)).toMatchObject({ session: 0, idempotency_key: 0, customer: dairy.customerIds.length });
    expect(await withOldCookie(target)).toEqual({ colonies: 401, user: null });
  });
});

describe('the Backups calls', () => {
  it('lists nothing at first, backs up now, lists and downloads the file, keeping the newest BACKUP_KEEP', async () => {
    const empty = await client.call('GET', '/api/backups');
    expect(empty).toEqual({
      status: 200,
      body: { rows: [], schedule: { at: '23:00', timeZone: 'Asia/Kolkata', keep: 2 } },
    });
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await client.call('POST', '/api/backups');
      expect(answer.status).toBe(200);
      expect(answer.body.msg).toBe('Backup saved.');
      expect(answer.body.backup.name).toMatch(/^dairy-\d{4}-\d{2}-\d{2}-\d{6}(-\d+)?\.zip$/);
      made.push(answer.body.backup.name);
    }
    expect(new Set(made).size).toBe(3);
    const list = await client.call('GET', '/api/backups');
    expect(list.body.rows.map((r: { name: string }) => r.name)).toEqual([made[2], made[1]]);
    const newest = list.body.rows[0];
    expect(newest.size).toBe(statSync(path.join(backupDir, newest.name)).size);

    const download = await client.app.inject({
      method: 'GET',
      url: `/api/backups/${newest.name}`,
      headers: { cookie: client.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${newest.name}"`);
    expect(download.rawPayload.equals(readFileSync(path.join(backupDir, newest.name)))).toBe(true);
    // The downloaded file restores.
    const target = await fresh();
    const file = path.join(folder, 'downloaded.zip');
    writeFileSync(file, download.rawPayload);
    await restoreBackup(target, file);
    expect((await counts(target)).customer).toBe(dairy.customerIds.length);
  });

  it('downloads only names the list shows', async () => {
    writeFileSync(path.join(backupDir, 'notes.txt'), 'private');
    writeFileSync(path.join(backupDir, 'dairy-2026-01-01-000000.zip.part'), 'half');
    writeFileSync(path.join(folder, 'outside.zip'), 'outside');
    for (const name of [
      'notes.txt',
      'dairy-2026-01-01-000000.zip.part',
      '..%2Foutside.zip',
      '%2E%2E%2Foutside.zip',
      'dairy-2099-01-01-000000.zip',
    ])
      expect(await client.call('GET', `/api/backups/${name}`)).toMatchObject({ status: 404 });
    expect((await client.call('GET', '/api/backups/notes.txt')).body).toEqual({ message: 'Backup not found' });
    expect((await listBackups(backupDir)).map((b) => b.name)).not.toContain('notes.txt');
  });

  it('needs a session, and the guard header to back up', async () => {
    const anonymous = await client.app.inject({ method: 'GET', url: '/api/backups' });
    expect(anonymous.statusCode).toBe(401);
    const [first] = await listBackups(backupDir);
    const download = await client.app.inject({ method: 'GET', url: `/api/backups/${first!.name}` });
    expect(download.statusCode).toBe(401);
    const before = (await listBackups(backupDir)).length;
    const unguarded = await client.app.inject({
      method: 'POST',
      url: '/api/backups',
      headers: { cookie: client.cookie },
    });
    expect(unguarded.statusCode).toBe(403);
    expect((await listBackups(backupDir)).length).toBe(before);
  });
});

describe('automatic backups', () => {
  const silent = { info() {}, error() {} };

  it('run daily at BACKUP_AT in the business time zone', () => {
    const schedule = startBackupSchedule(
      source.db,
      { backupAt: '23:00', backupDir: path.join(folder, 'never'), backupKeep: 30, businessTz: 'Asia/Kolkata' },
      silent,
    );
    try {
      const next = schedule.job!.nextRun(new Date('2026-11-22T12:00:00Z'))!;
      expect(next.toISOString()).toBe('2026-11-22T17:30:00.000Z');
      expect(schedule.job!.nextRun(new Date('2026-11-22T17:31:00Z'))!.toISOString()).toBe('2026-11-23T17:30:00.000Z');
    } finally {
      schedule.stop();
    }
  });

  it('back up at start when the newest backup is older than a day, and not when it is newer', async () => {
    const dir = path.join(folder, 'start');
    const settings = { backupAt: '23:00', backupDir: dir, backupKeep: 30, businessTz: 'Asia/Kolkata' };
    let schedule = startBackupSchedule(source.db, settings, silent);
    await schedule.started;
    schedule.stop();
    const [first] = await listBackups(dir);
    expect(first).toBeDefined();
    schedule = startBackupSchedule(source.db, settings, silent);
    await schedule.started;
    schedule.stop();
    expect(await listBackups(dir)).toHaveLength(1);
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    utimesSync(path.join(dir, first!.name), old, old);
    schedule = startBackupSchedule(source.db, settings, silent);
    await schedule.started;
    schedule.stop();
    expect(await listBackups(dir)).toHaveLength(2);
  });

  it('are off with BACKUP_AT=off', async () => {
    const dir = path.join(folder, 'off');
    const schedule = startBackupSchedule(
      source.db,
      { backupAt: undefined, backupDir: dir, backupKeep: 30, businessTz: 'Asia/Kolkata' },
      silent,
    );
    await schedule.started;
    expect(schedule.job).toBeUndefined();
    expect(await listBackups(dir)).toEqual([]);
  });
});

describe('the backup settings', () => {
  it('default to 23:00, ./backups and 30, and read BACKUP_AT, BACKUP_DIR and BACKUP_KEEP', () => {
    expect(loadConfig({})).toMatchObject({ backupAt: '23:00', backupDir: './backups', backupKeep: 30 });
    expect(loadConfig({ BACKUP_AT: '7:05', BACKUP_DIR: '/srv/dairy', BACKUP_KEEP: '7' })).toMatchObject({
      backupAt: '07:05',
      backupDir: '/srv/dairy',
      backupKeep: 7,
    });
    expect(loadConfig({ BACKUP_AT: 'off' }).backupAt).toBeUndefined();
  });

  it.each(['24:00', '23:60', 'noon', '2300'])('refuse BACKUP_AT=%s', (value) => {
    expect(() => loadConfig({ BACKUP_AT: value })).toThrow(
      `BACKUP_AT must be a time of day like 23:00, or off, not ${value}`,
    );
  });

  it.each(['0', '-1', '2.5', 'all'])('refuse BACKUP_KEEP=%s', (value) => {
    expect(() => loadConfig({ BACKUP_KEEP: value })).toThrow(/^BACKUP_KEEP must be a whole number of 1 or more/);
  });
});
