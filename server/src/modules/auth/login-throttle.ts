/**
 * Slows repeated failed sign-ins for one name from one address: after 3 attempts each further
 * failure waits longer (0.5 s, 1 s, 2 s, … up to 5 s), and after 10 within 15 minutes the pair
 * is refused until the window passes. An attempt counts when it starts, so attempts sent in
 * parallel cannot slip past the limit. Kept in memory: a restart forgets it, which is fine for
 * a single back-office server.
 */
const WINDOW_MS = 15 * 60 * 1000;
const FREE_ATTEMPTS = 3;
const LOCK_AFTER = 10;
const MAX_DELAY_MS = 5000;

export class LoginThrottle {
  private attempts = new Map<string, { count: number; first: number }>();

  constructor(
    private readonly sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
    private readonly now = () => Date.now(),
  ) {}

  private entry(key: string) {
    const e = this.attempts.get(key);
    if (e && this.now() - e.first > WINDOW_MS) {
      this.attempts.delete(key);
      return undefined;
    }
    return e;
  }

  /** Counts an attempt before the password is checked; false when the pair is refused. */
  begin(key: string): boolean {
    const e = this.entry(key) ?? { count: 0, first: this.now() };
    if (e.count >= LOCK_AFTER) return false;
    e.count += 1;
    this.attempts.set(key, e);
    return true;
  }

  /** A failed attempt: waits the longer, the more attempts came before it. */
  async fail(key: string): Promise<void> {
    const count = this.entry(key)?.count ?? 0;
    if (count > FREE_ATTEMPTS) await this.sleep(Math.min(500 * 2 ** (count - FREE_ATTEMPTS - 1), MAX_DELAY_MS));
  }

  succeed(key: string): void {
    this.attempts.delete(key);
  }
}
