import { describe, expect, it } from 'vitest';
import { tooManyAttemptsText } from './auth';

describe('tooManyAttemptsText', () => {
  it.each([
    [1, '1 second'],
    [1000, '1 second'],
    [1001, '2 seconds'],
    [32_000, '32 seconds'],
    [59_999, '1 minute'],
    [60_000, '1 minute'],
    [64_000, '2 minutes'],
    [300_000, '5 minutes'],
  ])('a wait of %d ms reads "Wait %s"', (ms, wait) => {
    expect(tooManyAttemptsText(ms)).toBe(`Too many failed attempts. Wait ${wait} and try again.`);
  });
});
