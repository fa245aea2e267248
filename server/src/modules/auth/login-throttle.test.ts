import { describe, expect, it } from 'vitest';
import { ADDRESS_WINDOW_MS, AddressLimit, delayAfter, LoginThrottle, signInAddress } from './login-throttle';

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

describe('AddressLimit', () => {
  /** A limit on a clock the test moves. */
  function limitWithClock() {
    const clock = { now: 5_000_000 };
    const limit = new AddressLimit(() => clock.now);
    /** One attempt from `address` that fails; the wait it was refused with, or 0 when let through. */
    const failOnce = (address = '203.0.113.5') => {
      const attempt = limit.begin(address);
      if (!attempt.allowed) return attempt.waitMs;
      limit.fail(address);
      return 0;
    };
    return { limit, clock, failOnce };
  }

  it('lets 20 failures from an address through, then refuses it for the rest of the 10 minutes', () => {
    const { limit, clock, failOnce } = limitWithClock();
    for (let i = 0; i < 20; i++) {
      expect(failOnce()).toBe(0);
      clock.now += 1000;
    }
    expect(limit.begin('203.0.113.5')).toEqual({ allowed: false, waitMs: ADDRESS_WINDOW_MS - 20_000 });
    clock.now += ADDRESS_WINDOW_MS - 20_001;
    expect(limit.begin('203.0.113.5')).toEqual({ allowed: false, waitMs: 1 });
    clock.now += 1;
    expect(failOnce()).toBe(0);
  });

  it('starts a new 10 minutes at the first failure after the last ones ended', () => {
    const { limit, clock, failOnce } = limitWithClock();
    for (let i = 0; i < 19; i++) failOnce();
    clock.now += ADDRESS_WINDOW_MS;
    for (let i = 0; i < 20; i++) expect(failOnce()).toBe(0);
    expect(limit.begin('203.0.113.5').allowed).toBe(false);
  });

  it('counts failures only: successes and calls that end otherwise neither count nor clear the count', () => {
    const { limit, failOnce } = limitWithClock();
    for (let i = 0; i < 19; i++) failOnce();
    for (let i = 0; i < 50; i++) {
      expect(limit.begin('203.0.113.5').allowed).toBe(true);
      limit.end('203.0.113.5');
    }
    expect(failOnce()).toBe(0);
    expect(limit.begin('203.0.113.5').allowed).toBe(false);
  });

  it('does not count refused attempts', () => {
    const { limit, clock, failOnce } = limitWithClock();
    for (let i = 0; i < 20; i++) failOnce();
    for (let i = 0; i < 100; i++) expect(limit.begin('203.0.113.5').allowed).toBe(false);
    clock.now += ADDRESS_WINDOW_MS;
    expect(failOnce()).toBe(0);
  });

  it('lets no more than 20 attempts in at once: those in flight count as failures until they end', () => {
    const { limit } = limitWithClock();
    const started = Array.from({ length: 30 }, () => limit.begin('203.0.113.5'));
    expect(started.filter((a) => a.allowed)).toHaveLength(20);
    for (let i = 0; i < 20; i++) limit.fail('203.0.113.5');
    expect(limit.begin('203.0.113.5').allowed).toBe(false);
  });

  it('keeps addresses apart', () => {
    const { limit, failOnce } = limitWithClock();
    for (let i = 0; i < 20; i++) failOnce('203.0.113.5');
    expect(limit.begin('203.0.113.5').allowed).toBe(false);
    expect(limit.begin('198.51.100.7').allowed).toBe(true);
  });

  it('sweeps out addresses whose 10 minutes are over once many were seen', () => {
    const { limit, clock, failOnce } = limitWithClock();
    for (let i = 0; i < 1500; i++) failOnce(`10.0.${i >> 8}.${i & 255}`);
    clock.now += ADDRESS_WINDOW_MS + 1;
    failOnce('10.9.9.9');
    expect(limit.size).toBe(1);
  });
});

describe('signInAddress', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:ffff::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (ip, address) => {
    expect(signInAddress(ip)).toBe(address);
  });
});
