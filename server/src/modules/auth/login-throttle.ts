/**
 * Slows repeated failed sign-ins for one name from one address, without ever locking the right
 * password out. After 3 failures the next attempt must wait a delay that doubles with each further
 * failure (1 s, 2 s, 4 s, … up to 5 minutes), counted from the last failure. An
 * attempt during the delay is refused with the time left and does not count; the first attempt
 * after it is checked like any other, so the right password signs in. An attempt takes its turn
 * when it starts, so attempts sent in parallel cannot all pass one delay. Failures are forgotten
 * 15 minutes after the last one. Kept in memory: a restart forgets them, which is fine for a
 * single back-office server.
 */
const FREE_FAILURES = 3;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 5 * 60 * 1000;
const FORGET_AFTER_MS = 15 * 60 * 1000;
/** Past this many names and addresses, forgotten ones are swept out on the next attempt. */
const SWEEP_ABOVE = 1000;

/** How long the next attempt must wait after this many failures. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

export type Attempt = { allowed: true } | { allowed: false; waitMs: number };

interface Entry {
  failures: number;
  /** Attempts started and not yet known to have failed or succeeded. */
  inFlight: number;
  /** No attempt before this time. */
  notBefore: number;
  lastFailure: number;
}

export class LoginThrottle {
  private entries = new Map<string, Entry>();

  constructor(private readonly now = () => Date.now()) {}

  private forgotten(e: Entry, now: number) {
    return e.inFlight === 0 && now - e.lastFailure > FORGET_AFTER_MS;
  }

  private entry(key: string, now: number): Entry {
    let e = this.entries.get(key);
    if (e && this.forgotten(e, now)) e = undefined;
    if (!e) {
      if (this.entries.size > SWEEP_ABOVE)
        for (const [k, old] of this.entries) if (this.forgotten(old, now)) this.entries.delete(k);
      e = { failures: 0, inFlight: 0, notBefore: 0, lastFailure: now };
      this.entries.set(key, e);
    }
    return e;
  }

  /** Before the password is checked: refused while the pair must wait. */
  begin(key: string): Attempt {
    const now = this.now();
    const e = this.entry(key, now);
    if (now < e.notBefore) return { allowed: false, waitMs: e.notBefore - now };
    e.inFlight += 1;
    // Until this attempt's outcome is known, the next one waits as if it had failed.
    e.notBefore = now + delayAfter(e.failures + e.inFlight);
    return { allowed: true };
  }

  /** A wrong name or password: the next attempt waits longer. */
  fail(key: string): void {
    const now = this.now();
    const e = this.entry(key, now);
    e.inFlight = Math.max(0, e.inFlight - 1);
    e.failures += 1;
    e.lastFailure = now;
    e.notBefore = Math.max(e.notBefore, now + delayAfter(e.failures + e.inFlight));
  }

  succeed(key: string): void {
    this.entries.delete(key);
  }

  /** How many name and address pairs are remembered. */
  get size(): number {
    return this.entries.size;
  }
}
