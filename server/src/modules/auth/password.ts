import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

// N=2^15 costs ~50 ms and 32 MiB per hash: slow for guessing, fine for a sign-in.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** `scrypt$N$r$p$salt$hash`, base64 parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** How long the latest password checks took here, in ms, oldest first. */
const checkTimes: number[] = [];
const KEPT_CHECK_TIMES = 15;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const started = performance.now();
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  checkTimes.push(performance.now() - started);
  if (checkTimes.length > KEPT_CHECK_TIMES) checkTimes.shift();
  return timingSafeEqual(actual, expected);
}

let paceSet: Promise<unknown> | undefined;

/**
 * Takes as long as a password check takes here now (the median of the latest ones, waits in the
 * hashing queue included) without doing its work: a sign-in with an unknown name answers in the
 * time a wrong password does, so the time tells no names apart, yet a flood of made-up names costs
 * no hashing that would slow other people's sign-ins. Before any check was made, one check of a
 * throwaway hash sets the pace.
 */
export async function waitAsLongAsACheck(): Promise<void> {
  if (checkTimes.length === 0) {
    paceSet ??= hashPassword(randomBytes(16).toString('hex')).then((decoy) => verifyPassword('decoy', decoy));
    await paceSet;
  }
  const sorted = [...checkTimes].sort((a, b) => a - b);
  await sleep(sorted[Math.floor(sorted.length / 2)] ?? 0);
}
