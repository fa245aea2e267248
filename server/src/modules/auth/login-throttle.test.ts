import { describe, expect, it } from 'vitest';
import { delayAfter, LoginThrottle } from './login-throttle';

/** A throttle on a clock the test moves. */
function throttleWithClock() {
  const clock = { now: 1_000_000 };
  const throttle = new LoginThrottle(() => clock.now);
  /** One attempt that fails; the wait it was refused with, or 0 when it was let through. */
  const failOnce = (key = 'ip|admin') => {
    const attempt = throttle.begin(key);
    if (!attempt.allowed) return attempt.waitMs;
    throttle.fail(key);
    return 0;
  };
  return { throttle, clock, failOnce };
}

describe('delayAfter', () => {
  it.each([
    [0, 0],
    [2, 0],
    [3, 1000],
    [4, 2000],
    [5, 4000],
    [9, 64_000],
    [11, 256_000],
    [12, 300_000],
    [100, 300_000],
  ])('after %d failures the next attempt waits %d ms', (failures, ms) => {
    expect(delayAfter(failures)).toBe(ms);
  });
});

describe('LoginThrottle', () => {
  it('lets 3 failures through at once, then makes the next attempt wait 1 s', () => {
    const { throttle, failOnce } = throttleWithClock();
    for (let i = 0; i < 3; i++) expect(failOnce()).toBe(0);
    expect(throttle.begin('ip|admin')).toEqual({ allowed: false, waitMs: 1000 });
  });

  it('counts the wait from the last failure and tells the time left', () => {
    const { throttle, clock, failOnce } = throttleWithClock();
    for (let i = 0; i < 5; i++) {
      clock.now += delayAfter(i);
      expect(failOnce()).toBe(0);
    }
    clock.now += 500;
    expect(throttle.begin('ip|admin')).toEqual({ allowed: false, waitMs: delayAfter(5) - 500 });
    clock.now += delayAfter(5) - 501;
    expect(throttle.begin('ip|admin')).toEqual({ allowed: false, waitMs: 1 });
    clock.now += 1;
    expect(throttle.begin('ip|admin').allowed).toBe(true);
  });

  it('lets the right password in after the current delay, even after many failures', () => {
    const { throttle, clock, failOnce } = throttleWithClock();
    for (let i = 0; i < 12; i++) {
      clock.now += delayAfter(i);
      expect(failOnce()).toBe(0);
    }
    const refused = throttle.begin('ip|admin');
    expect(refused).toEqual({ allowed: false, waitMs: delayAfter(12) });
    clock.now += delayAfter(12);
    expect(throttle.begin('ip|admin').allowed).toBe(true);
    throttle.succeed('ip|admin');
    // A success clears the count: three free attempts again.
    for (let i = 0; i < 3; i++) expect(failOnce()).toBe(0);
  });

  it('does not count refused attempts: hammering during the delay does not lengthen it', () => {
    const { throttle, clock, failOnce } = throttleWithClock();
    for (let i = 0; i < 6; i++) {
      clock.now += delayAfter(i);
      failOnce();
    }
    const wait = delayAfter(6);
    for (let i = 0; i < 50; i++) {
      clock.now += 10;
      expect(throttle.begin('ip|admin')).toEqual({ allowed: false, waitMs: wait - 10 * (i + 1) });
    }
    clock.now += wait - 500;
    expect(throttle.begin('ip|admin').allowed).toBe(true);
  });

  it('lets one of many parallel attempts through once the free ones are used', () => {
    const { throttle, failOnce } = throttleWithClock();
    for (let i = 0; i < 2; i++) failOnce();
    const started = Array.from({ length: 10 }, () => throttle.begin('ip|admin'));
    expect(started.filter((a) => a.allowed)).toHaveLength(1);
  });

  it('forgets the failures 15 minutes after the last one', () => {
    const { throttle, clock, failOnce } = throttleWithClock();
    for (let i = 0; i < 8; i++) {
      clock.now += delayAfter(i);
      failOnce();
    }
    clock.now += 15 * 60 * 1000 + 1;
    for (let i = 0; i < 3; i++) expect(failOnce()).toBe(0);
    expect(throttle.begin('ip|admin')).toEqual({ allowed: false, waitMs: 1000 });
  });

  it('keeps each name and address apart', () => {
    const { throttle, failOnce } = throttleWithClock();
    for (let i = 0; i < 5; i++) failOnce('ip|admin');
    expect(throttle.begin('ip|admin').allowed).toBe(false);
    expect(throttle.begin('ip|other').allowed).toBe(true);
    expect(throttle.begin('other-ip|admin').allowed).toBe(true);
  });

  it('sweeps forgotten pairs out once many names were tried', () => {
    const { throttle, clock, failOnce } = throttleWithClock();
    for (let i = 0; i < 1500; i++) failOnce(`ip|name${i}`);
    clock.now += 15 * 60 * 1000 + 1;
    failOnce('ip|fresh');
    expect(throttle.size).toBe(1);
  });
});
