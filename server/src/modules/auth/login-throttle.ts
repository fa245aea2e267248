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

  /** An attempt that did not fail (signed in, or could not be checked) no longer holds a turn. */
  end(key: string): void {
    const e = this.entries.get(key);
    if (e) e.inFlight = Math.max(0, e.inFlight - 1);
  }

  /** How many name and address pairs are remembered. */
  get size(): number {
    return this.entries.size;
  }
}

/** Failed sign-ins an address may make within ADDRESS_WINDOW_MS of its first (docs/rules.md section 24). */
export const ADDRESS_FAILURES = 20;
export const ADDRESS_WINDOW_MS = 10 * 60 * 1000;
/** An address refused only for attempts still in flight retries after them. */
const IN_FLIGHT_WAIT_MS = 1000;
/** The most addresses remembered: past it the oldest are let go, so a flood cannot fill memory. */
const MAX_ADDRESSES = 100_000;

interface AddressEntry {
  /** Failures since `windowStart`, the first failure of the current 10 minutes. */
  failures: number;
  windowStart: number;
  inFlight: number;
}

/**
 * Counts failed sign-ins per client address, whatever names and passwords they try, so one
 * machine cannot guess across every staff name: past 20 failures within 10 minutes of the first,
 * the address is refused for the rest of those 10 minutes, then counts afresh. Only failures
 * count; a success neither counts nor clears the count (a sprayer who knows one password cannot
 * wipe its record). Attempts in flight count as failures until they end, so 30 sent at once check
 * at most 20. Kept in memory, like the name throttle.
 */
export class AddressLimit {
  private entries = new Map<string, AddressEntry>();

  constructor(private readonly now = () => Date.now()) {}

  private windowOver(e: AddressEntry, now: number) {
    return now - e.windowStart >= ADDRESS_WINDOW_MS;
  }

  /** Whether the entry says nothing any more: nothing in flight and no failure in the window. */
  private idle(e: AddressEntry, now: number) {
    return e.inFlight === 0 && (e.failures === 0 || this.windowOver(e, now));
  }

  private entry(address: string, now: number): AddressEntry {
    let e = this.entries.get(address);
    if (!e) {
      if (this.entries.size > SWEEP_ABOVE)
        for (const [k, old] of this.entries) if (this.idle(old, now)) this.entries.delete(k);
      // Oldest first: a flood from more addresses than fit lets the earliest go.
      for (const k of this.entries.keys()) {
        if (this.entries.size < MAX_ADDRESSES) break;
        this.entries.delete(k);
      }
      e = { failures: 0, windowStart: now, inFlight: 0 };
      this.entries.set(address, e);
    }
    if (e.failures > 0 && this.windowOver(e, now)) e.failures = 0;
    return e;
  }

  /** Before anything else of a sign-in: refused while the address has used up its failures. */
  begin(address: string): Attempt {
    const now = this.now();
    const e = this.entry(address, now);
    if (e.failures + e.inFlight >= ADDRESS_FAILURES)
      return {
        allowed: false,
        waitMs: e.failures > 0 ? e.windowStart + ADDRESS_WINDOW_MS - now : IN_FLIGHT_WAIT_MS,
      };
    e.inFlight += 1;
    return { allowed: true };
  }

  /** A wrong name or password. */
  fail(address: string): void {
    const now = this.now();
    const e = this.entry(address, now);
    e.inFlight = Math.max(0, e.inFlight - 1);
    if (e.failures === 0) e.windowStart = now;
    e.failures += 1;
  }

  /** An attempt that did not fail (signed in, or could not be checked). */
  end(address: string): void {
    const now = this.now();
    const e = this.entries.get(address);
    if (!e) return;
    e.inFlight = Math.max(0, e.inFlight - 1);
    if (this.idle(e, now)) this.entries.delete(address);
  }

  /** How many addresses are remembered. */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * The address sign-ins are counted by: an IPv4 address as it is, an IPv6 address by its /64
 * network, which one machine or home is given whole (counting each of its addresses apart would
 * let it rotate through them).
 */
export function signInAddress(ip: string): string {
  if (!ip.includes(':') || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) return ip.replace(/^::ffff:/i, '');
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
