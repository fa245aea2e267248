import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client';
import { isDatabaseUnavailable, isDiskFull } from '../../src/db/faults';
import { rowsOf } from '../../src/db/rows';
import { DISK_FULL_MESSAGE } from '../../src/plugins/errors';
import { type Cluster, startCluster } from '../setup/postgres-cluster';
import { type Answer, client, type ServerProcess, spawnServer, waitUntilServing } from './server-process';
import { mountSmallDisk, type SmallDisk } from './small-disk';

// Faults met by the real server as its own process: on the embedded database's folders (the
// api-pglite suite), and on a throwaway PostgreSQL cluster of the test's own (api-postgres).
const onPostgres = process.env.TEST_DB === 'postgres';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

async function start(dataDir: string) {
  const server = await spawnServer({ DATA_DIR: dataDir });
  running.push(server);
  return server;
}

function newFolder() {
  const dir = mkdtempSync(path.join(tmpdir(), 'dairy-data-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'data');
}

function smallDisk(megabytes: number): SmallDisk {
  const disk = mountSmallDisk(megabytes);
  cleanups.push(() => disk.unmount());
  return disk;
}

/** 'refused' when the process exits, 'serving' when it answers /api/health first. */
const outcome = (server: ServerProcess) =>
  Promise.race([server.exited.then(() => 'refused'), waitUntilServing(server).then(() => 'serving')]);

const inUse = (dir: string, pid: number) =>
  `The data folder ${dir} is in use by another server (pid ${pid}). Stop that server first, or start this one with another DATA_DIR.`;

afterEach(async () => {
  for (const server of running.splice(0)) await server.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

if (!onPostgres)
  describe('one server per embedded data folder', () => {
    it('a second server on the same folder refuses to start, naming the folder and the running pid', async () => {
      const dir = newFolder();
      const first = await start(dir);
      await waitUntilServing(first);
      const second = await start(dir);
      expect(await outcome(second)).toBe('refused');
      expect((await second.exited).code).toBe(1);
      expect(second.output()).toContain(inUse(dir, first.pid));
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    }, 180_000);

    it('of two servers started at the same moment exactly one serves', async () => {
      const dir = newFolder();
      // The first round creates the database; the next ones race on an existing folder.
      for (let round = 0; round < 3; round++) {
        const pair = [await start(dir), await start(dir)];
        const results = await Promise.all(pair.map(outcome));
        expect([...results].sort()).toEqual(['refused', 'serving']);
        const winner = pair[results.indexOf('serving')]!;
        const loser = pair[results.indexOf('refused')]!;
        expect((await loser.exited).code).toBe(1);
        expect(loser.output()).toContain(inUse(dir, winner.pid));
        await winner.kill('SIGTERM');
      }
    }, 300_000);

    it('of many processes taking the lock at once, over a stale lock, exactly one gets it', async () => {
      const dir = newFolder();
      const lockModule = path.join(root, 'server/src/db/folder-lock.ts');
      // A lock left by a process that is gone.
      const gone = spawn(process.execPath, ['-e', '']);
      const gonePid = gone.pid!;
      await new Promise((resolve) => gone.once('exit', resolve));
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'server.pid'), JSON.stringify({ pid: gonePid, host: hostname() }));
      // All take the lock at one moment, and the winner holds it until every other has tried.
      const startAt = Date.now() + 6000;
      const script = `
        const { lockDataFolder } = await import(${JSON.stringify(lockModule)});
        while (Date.now() < ${startAt}) await new Promise((r) => setTimeout(r, 1));
        try { lockDataFolder(${JSON.stringify(dir)}); console.log('LOCKED'); await new Promise((r) => setTimeout(r, 8000)); }
        catch (error) { console.log('REFUSED ' + error.message); }`;
      const contenders = Array.from({ length: 6 }, () =>
        spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root }),
      );
      const outputs = await Promise.all(
        contenders.map(
          (child) =>
            new Promise<string>((resolve) => {
              let text = '';
              child.stdout.on('data', (chunk) => {
                text += chunk;
              });
              child.stderr.on('data', (chunk) => {
                text += chunk;
              });
              child.once('exit', () => resolve(text));
            }),
        ),
      );
      expect(outputs.filter((o) => o.includes('LOCKED'))).toHaveLength(1);
      expect(outputs.filter((o) => o.includes('REFUSED The data folder'))).toHaveLength(5);
    }, 120_000);

    it('a lock left by a killed server does not block a restart, and what it saved is there', async () => {
      const dir = newFolder();
      const first = await start(dir);
      await waitUntilServing(first);
      const api = client(first);
      await api.setUp();
      expect(
        (await api.call('POST', '/api/colony/add', { code: 'GK', name: 'Greater Kailash', charges: 30 })).status,
      ).toBe(200);
      await first.kill('SIGKILL');
      expect(JSON.parse(readFileSync(path.join(dir, 'server.pid'), 'utf8')).pid).toBe(first.pid);

      const second = await start(dir);
      await waitUntilServing(second);
      const again = client(second);
      expect(
        (await again.call('POST', '/api/auth/login', { username: 'admin', password: 'fault-test-1' })).status,
      ).toBe(200);
      const list = await again.call('GET', '/api/colony?limit=10&offset=1');
      expect(list.body.rows.map((r: { colonyCode: string }) => r.colonyCode)).toEqual(['GK']);
    }, 180_000);
  });

if (!onPostgres)
  describe('a start and a stop on the embedded database', () => {
    it('analyzes every table after migrating, and a clean stop leaves no lock behind', async () => {
      const dir = newFolder();
      const server = await start(dir);
      await waitUntilServing(server);
      expect((await server.kill('SIGTERM')).code).toBe(0);
      expect(existsSync(path.join(dir, 'server.pid'))).toBe(false);

      const database = openPglite(dir);
      try {
        const neverAnalyzed = await rowsOf<{ relname: string }>(
          database.db,
          sql`select relname from pg_class
              where relnamespace = 'public'::regnamespace and relkind = 'r' and reltuples < 0`,
        );
        expect(neverAnalyzed).toEqual([]);
      } finally {
        await database.close();
      }
    }, 180_000);
  });

if (!onPostgres)
  describe('a data folder that cannot be written', () => {
    it('a read-only folder stops the start with a message that says so', async () => {
      const disk = smallDisk(64);
      const dir = path.join(disk.dir, 'data');
      const first = await start(dir);
      await waitUntilServing(first);
      // Linux remounts read-only only once no file is open for writing: the first server stops.
      expect((await first.kill('SIGTERM')).code).toBe(0);
      disk.readOnly(true);
      cleanups.push(() => disk.readOnly(false));

      const second = await start(dir);
      expect(await outcome(second)).toBe('refused');
      expect((await second.exited).code).toBe(1);
      expect(second.output()).toContain(`The data folder ${dir} is read-only: the server must be able to write there.`);
    }, 180_000);

    it('a write-ahead log that cannot grow (a PANIC) stops the engine, which opens again once there is room', async () => {
      const disk = smallDisk(64);
      const database = openPglite(path.join(disk.dir, 'data'));
      cleanups.push(() => database.close());
      await database.migrate();
      const codes = sql`select colony_code as code from colony order by 1`;
      await database.db.execute(sql`insert into colony (colony_code, colony_name, charges) values ('GK', 'GK', 30)`);

      disk.fill();
      // The next write needs a new log file: PostgreSQL answers that with a PANIC.
      await database.db.execute(sql`select pg_switch_wal()`);
      const refused = await Promise.resolve(
        database.db.execute(sql`insert into colony (colony_code, colony_name, charges) values ('DLF', 'DLF', 30)`),
      ).catch((error: unknown) => error);
      expect(isDiskFull(refused)).toBe(true);
      const meanwhile = await Promise.resolve(database.db.execute(codes)).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(meanwhile)).toBe(true);
      expect(await database.health()).toEqual({
        status: 'unreachable',
        message: 'The database cannot be reached: its disk is full (less than 16 MB free).',
      });

      disk.free();
      const deadline = Date.now() + 60_000;
      let rows: unknown;
      while (Date.now() < deadline) {
        rows = await rowsOf(database.db, codes).catch(() => undefined);
        if (rows) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(rows).toEqual([{ code: 'GK' }]);
    }, 180_000);

    it('a full disk answers 507 and changes nothing, /api/health says so, and writes work again once there is room', async () => {
      const disk = smallDisk(64);
      const server = await start(path.join(disk.dir, 'data'));
      await waitUntilServing(server);
      const api = client(server);
      await api.setUp();

      disk.fill();
      const refused = await api.call('POST', '/api/colony/add', { code: 'GK', name: 'Greater Kailash', charges: 30 });
      expect(refused).toEqual({ status: 507, body: { message: DISK_FULL_MESSAGE } });
      const health = await api.call('GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body.status).toBe('cannot-write');
      expect(health.body.message).toContain('disk is full');
      expect((await api.call('GET', '/api/colony?limit=10&offset=1')).body.rows).toEqual([]);

      disk.free();
      expect(
        (await api.call('POST', '/api/colony/add', { code: 'GK', name: 'Greater Kailash', charges: 30 })).status,
      ).toBe(200);
      expect(await api.call('GET', '/api/health')).toEqual({ status: 200, body: { status: 'ok' } });
    }, 180_000);
  });

const AWAY_GET = 'The database cannot be reached. Try again in a moment.';
const AWAY_SAVE = 'The database cannot be reached: nothing was saved. Try again in a moment.';

async function serverOn(cluster: Cluster): Promise<ServerProcess> {
  const server = await spawnServer({ DATABASE_URL: cluster.url('postgres') });
  running.push(server);
  await waitUntilServing(server);
  return server;
}

/** Ends every connection of the server process, as an administrator would. */
async function terminateBackends(cluster: Cluster): Promise<number> {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  const { rows } = await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
     where backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  await admin.end();
  return rows.length;
}

/** Calls `list` until it answers 200 (the pool reconnects on its own), for at most 20 s. */
async function until200(call: () => Promise<Answer>): Promise<Answer> {
  const deadline = Date.now() + 20_000;
  let last = await call();
  while (last.status !== 200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await call();
  }
  return last;
}

if (onPostgres)
  describe('a PostgreSQL server that goes away or fills its disk', () => {
    it('a dropped connection never stops the server: 503 while the database is away, served again once it is back', async () => {
      const cluster = await startCluster();
      cleanups.push(() => cluster.stop());
      const server = await serverOn(cluster);
      const api = client(server);
      await api.setUp();
      const list = () => api.call('GET', '/api/colony?limit=10&offset=1');
      const add = (code: string) => api.call('POST', '/api/colony/add', { code, name: `Colony ${code}`, charges: 20 });
      expect((await add('GK')).status).toBe(200);

      // An administrator ends every connection: idle ones are replaced, the process lives on.
      expect(await terminateBackends(cluster)).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.done()).toBe(false);
      expect((await until200(list)).status).toBe(200);

      // The server goes away.
      cluster.pause();
      expect(await list()).toEqual({ status: 503, body: { message: AWAY_GET } });
      expect(await add('DLF')).toEqual({ status: 503, body: { message: AWAY_SAVE } });
      // A monitor's check carries no session, a signed-in browser's does: health looks up neither
      // and answers both in its own words.
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      const away = { status: 'unreachable', message: 'The database cannot be reached.' };
      expect(await health.json()).toEqual(away);
      expect(await api.call('GET', '/api/health')).toEqual({ status: 503, body: away });
      expect(server.done()).toBe(false);

      // It comes back: no restart of ours.
      cluster.resume();
      const back = await until200(list);
      expect(back.status).toBe(200);
      expect(back.body.rows.map((r: { colonyCode: string }) => r.colonyCode)).toEqual(['GK']);
      expect((await add('DLF')).status).toBe(200);
      expect(await api.call('GET', '/api/health')).toEqual({ status: 200, body: { status: 'ok' } });

      // pg_ctl restart -m fast drops every connection at once.
      cluster.restart();
      expect((await until200(list)).body.rows).toHaveLength(2);
      expect(server.done()).toBe(false);
    }, 180_000);

    it('a full disk answers 507 and changes nothing, and writes work again once there is room', async () => {
      const disk = smallDisk(96);
      const cluster = await startCluster({ parent: disk.dir });
      cleanups.push(() => cluster.stop());
      const server = await serverOn(cluster);
      const api = client(server);
      await api.setUp();

      disk.fill();
      const refused = await api.call('POST', '/api/colony/add', { code: 'GK', name: 'Greater Kailash', charges: 30 });
      expect(refused).toEqual({ status: 507, body: { message: DISK_FULL_MESSAGE } });
      const health = await api.call('GET', '/api/health');
      expect(health).toEqual({
        status: 503,
        body: { status: 'cannot-write', message: 'The database cannot write: its disk is full.' },
      });
      expect((await api.call('GET', '/api/colony?limit=10&offset=1')).body.rows).toEqual([]);

      disk.free();
      expect(
        (await api.call('POST', '/api/colony/add', { code: 'GK', name: 'Greater Kailash', charges: 30 })).status,
      ).toBe(200);
    }, 180_000);
  });
