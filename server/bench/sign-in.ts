import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/client';
import { insertUser } from '../src/modules/auth/auth.repo';
import { hashPassword } from '../src/modules/auth/password';
import type { Benchmark } from './measure';
import { alternatingPairs, type BenchResult } from './measure';

/**
 * Sign-in under spraying (docs/rules.md section 24): a member of staff signs in while clients send
 * sign-ins with random names as fast as they are answered, each from its own address behind
 * TRUST_PROXY (a spray from many machines, which no per-address count slows), against the same
 * sign-in with nothing else running. And an unknown name against a wrong password: they must take
 * alike, so the answer's time does not tell which names exist.
 */
const RUNS = 15;
const SPRAYERS = 8;
const STAFF = { username: 'owner', password: 'correct horse battery' };

const randomAddress = () => `10.${[...randomBytes(3)].join('.')}`;

async function measure(): Promise<BenchResult[]> {
  const database = openPglite('memory://');
  await database.migrate();
  await insertUser(database.db, {
    username: STAFF.username,
    passwordHash: await hashPassword(STAFF.password),
    role: 'admin',
  });
  const app = await buildApp({ ...loadConfig({}), webDist: '/nonexistent', trustProxy: true }, database, {
    logger: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  /** A sign-in from `from`; fails unless it answers `status`. */
  const signIn = async (body: { username: string; password: string }, status: number, from = randomAddress()) => {
    const response = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch', 'x-forwarded-for': from },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    if (response.status !== status) throw new Error(`sign-in answered ${response.status}, expected ${status}`);
  };
  const unknownName = () => signIn({ username: `nobody-${randomBytes(6).toString('hex')}`, password: 'password' }, 401);

  let stopSpray: (() => Promise<void>) | undefined;
  const startSpray = async () => {
    let running = true;
    const sprayers = Array.from({ length: SPRAYERS }, async () => {
      while (running) await unknownName();
    });
    stopSpray = async () => {
      running = false;
      await Promise.all(sprayers);
    };
    // A moment in, so the spray is at full pace when the sign-in comes.
    await new Promise((resolve) => setTimeout(resolve, 100));
  };
  try {
    const sprayed = await alternatingPairs(
      () => signIn(STAFF, 200, '192.0.2.1'),
      () => signIn(STAFF, 200, '192.0.2.1'),
      {
        runs: RUNS,
        warmup: 2,
        before: async (side) => {
          if (side === 'ours') await startSpray();
        },
        after: async (side) => {
          if (side === 'ours') await stopSpray?.();
        },
      },
    );
    const unknownAgainstWrong = await alternatingPairs(
      unknownName,
      () => signIn({ username: STAFF.username, password: 'wrong password' }, 401),
      { runs: RUNS, warmup: 2 },
    );
    return [
      {
        name: `staff sign-in while ${SPRAYERS} clients spray unknown names`,
        engine: 'pglite',
        ...sprayed,
        baselineName: 'idle',
        limit: 2,
      },
      {
        name: 'sign-in with an unknown name',
        engine: 'pglite',
        ...unknownAgainstWrong,
        baselineName: 'a wrong password',
        note: 'ratio near 1: the time does not tell names apart',
      },
    ];
  } finally {
    await stopSpray?.();
    await app.close();
    await database.close();
  }
}

export const benchmarks: Benchmark[] = [measure];
