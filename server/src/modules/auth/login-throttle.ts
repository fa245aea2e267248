/**
 * Slows repeated failed sign-ins for one name from one address: after 3 failures each further
 * failure waits longer (0.5 s, 1 s, 2 s, … up to 5 s), and after 10 within 15 minutes the pair
 * is refused until the window passes. Kept in memory: a restart forgets it, which is fine for
 * a single back-office server.
 */
const WINDOW_MS = 15 * 60 * 1000;
const FREE_FAILURES = 3;
const LOCK_AFTER = 10;

export class LoginThrottle {
  private failures = new Map<string, { count: number; first: number }>();

  constructor(private readonly sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {}

  private entry(key: string) {
    const e = this.failures.get(key);
    if (e && Date.now() - e.first > WINDOW_MS) {
      this.failures.delete(key);
      return undefined;
    }
    return e;
  }

  isLocked(key: string): boolean {
    return (this.entry(key)?.count ?? 0) >= LOCK_AFTER;
  }

  async fail(key: string): Promise<void> {
    const e = this.entry(key) ?? { count: 0, first: Date.now() };
    e.count += 1;
    this.failures.set(key, e);
    if (e.count > FREE_FAILURES) await this.sleep(Math.min(500 * 2 ** (e.count - FREE_FAILURES - 1), 5000));
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}
