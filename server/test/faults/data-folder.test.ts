import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE } from '../../src/plugins/errors';
import { client, type ServerProcess, spawnServer, waitUntilServing } from './server-process';
import { mountSmallDisk, type SmallDisk } from './small-disk';

// Real server processes on real folders: the embedded database only (the api-pglite suite).
const onPostgres = process.env.TEST_DB === 'postgres';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const running: ServerProcess[] = [];
const cleanups: (() => void)[] = [];

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
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

describe('one server per embedded data folder', () => {
  if (!onPostgres)
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

  if (!onPostgres)
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

  if (!onPostgres)
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

  if (!onPostgres)
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

describe('a data folder that cannot be written', () => {
  if (!onPostgres)
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

  if (!onPostgres)
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
