import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { insecureCookieWarning } from '../../src/modules/auth/auth.plugin';
import { type ServerProcess, spawnServer, waitUntilServing } from '../faults/server-process';

/**
 * The session cookie is `Secure` only with COOKIE_SECURE (or on a request a trusted proxy says
 * came over https): a server that other machines reach without either says so when it starts.
 */
const warning = /the session cookie is sent without Secure.*Set COOKIE_SECURE=true .*or TRUST_PROXY/;

const warningFor = (env: Record<string, string>) => insecureCookieWarning(loadConfig(env));

describe('the warning about the session cookie', () => {
  it('is given when the server listens beyond loopback without COOKIE_SECURE or TRUST_PROXY', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'dairy.lan'])
      expect({ host, warning: warningFor({ HOST: host }) }).toEqual({ host, warning: expect.stringMatching(warning) });
    expect(warningFor({ HOST: '0.0.0.0' })).toContain('0.0.0.0');
  });

  it('is not given on loopback, with COOKIE_SECURE, or behind TRUST_PROXY', () => {
    for (const host of ['127.0.0.1', '127.0.1.1', '::1', 'localhost', ''])
      expect({ host, warning: warningFor({ HOST: host }) }).toEqual({ host, warning: undefined });
    expect(warningFor({ HOST: '0.0.0.0', COOKIE_SECURE: 'true' })).toBeUndefined();
    expect(warningFor({ HOST: '0.0.0.0', TRUST_PROXY: 'loopback' })).toBeUndefined();
    expect(warningFor({ HOST: '0.0.0.0', TRUST_PROXY: '1' })).toBeUndefined();
  });
});

// A server process on the embedded database: run once, in the api-pglite suite.
if (process.env.TEST_DB !== 'postgres')
  describe('the server at start', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'dairy-cookie-'));
    const servers: ServerProcess[] = [];
    afterAll(async () => {
      for (const server of servers) await server.kill('SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    });

    /** The server's output once it serves (and a moment for its start logs). */
    async function startLog(env: Record<string, string>) {
      const server = await spawnServer({ DATA_DIR: path.join(folder, String(servers.length)), ...env });
      servers.push(server);
      await waitUntilServing(server);
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('"msg":"serving http');
      return server.output();
    }

    it('logs the warning, naming COOKIE_SECURE, when it listens on every address', async () => {
      const log = await startLog({ HOST: '0.0.0.0', LOG_LEVEL: 'info' });
      const line = log.split('\n').find((l) => l.includes('COOKIE_SECURE'));
      expect(line).toBeDefined();
      expect(JSON.parse(line!)).toMatchObject({ level: 40, msg: expect.stringMatching(warning) });
    }, 120_000);

    it('logs no warning with COOKIE_SECURE=true', async () => {
      const log = await startLog({ HOST: '0.0.0.0', LOG_LEVEL: 'info', COOKIE_SECURE: 'true' });
      expect(log).not.toContain('COOKIE_SECURE');
    }, 120_000);
  });
