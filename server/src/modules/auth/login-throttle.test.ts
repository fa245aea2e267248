import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

/** A throttle on a clock the test moves, recording the waits instead of waiting. */
function throttleWithClock() {
  const waits: number[] = [];
  const clock = { now: 1_000_000 };
  const throttle = new LoginThrottle(
    async (ms) => {
      waits.push(ms);
    },
    () => clock.now,
  );
  /** One attempt that fails; false when it was refused. */
  const failOnce = async (key = 'ip|admin') => {
    if (!throttle.begin(key)) return false;
    await throttle.fail(key);
    return true;
  };
  return { throttle, waits, clock, failOnce };
}

describe('LoginThrottle', () => {
  it.each([
    { failures: 1, waits: [] },
    { failures: 3, waits: [] },
    { failures: 4, waits: [500] },
    { failures: 6, waits: [500, 1000, 2000] },
    { failures: 10, waits: [500, 1000, 2000, 4000, 5000, 5000, 5000] },
  ])('after $failures failures it has waited $waits', async ({ failures, waits: expected }) => {
    const { waits, failOnce } = throttleWithClock();
    for (let i = 0; i < failures; i++) expect(await failOnce()).toBe(true);
    expect(waits).toEqual(expected);
  });

  it('refuses the eleventh attempt within the window, without waiting', async () => {
    const { throttle, waits, failOnce } = throttleWithClock();
    for (let i = 0; i < 10; i++) await failOnce();
    const before = waits.length;
    expect(throttle.begin('ip|admin')).toBe(false);
    expect(waits.length).toBe(before);
  });

  it('counts attempts when they start, so parallel attempts cannot pass the limit', () => {
    const { throttle } = throttleWithClock();
    const started = Array.from({ length: 15 }, () => throttle.begin('ip|admin'));
    expect(started.filter(Boolean)).toHaveLength(10);
  });

  it('forgets the failures once the 15-minute window has passed', async () => {
    const { throttle, clock, failOnce } = throttleWithClock();
    for (let i = 0; i < 10; i++) await failOnce();
    clock.now += 15 * 60 * 1000;
    expect(throttle.begin('ip|admin')).toBe(false);
    clock.now += 1;
    expect(throttle.begin('ip|admin')).toBe(true);
  });

  it('a success clears the count', async () => {
    const { throttle, waits, failOnce } = throttleWithClock();
    for (let i = 0; i < 9; i++) await failOnce();
    throttle.begin('ip|admin');
    throttle.succeed('ip|admin');
    waits.length = 0;
    for (let i = 0; i < 3; i++) await failOnce();
    expect(waits).toEqual([]);
  });

  it('keeps each name and address apart', async () => {
    const { throttle, failOnce } = throttleWithClock();
    for (let i = 0; i < 10; i++) await failOnce('ip|admin');
    expect(throttle.begin('ip|admin')).toBe(false);
    expect(throttle.begin('ip|other')).toBe(true);
    expect(throttle.begin('other-ip|admin')).toBe(true);
  });
});
