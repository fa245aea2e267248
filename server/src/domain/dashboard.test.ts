import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageingBucket, ageingOf, collectionRate } from './dashboard';

describe('ageing', () => {
  it.each([
    [-5, '0-30'],
    [0, '0-30'],
    [30, '0-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, '90+'],
    [4000, '90+'],
  ] as const)('%i days is %s', (days, bucket) => {
    expect(ageingBucket(days)).toBe(bucket);
  });

  it('sums customers and dues per bucket and keeps empty buckets', () => {
    expect(
      ageingOf([
        { days: 3, customers: 2, amount: 100_00 },
        { days: 30, customers: 1, amount: 50_50 },
        { days: 95, customers: 4, amount: 1_000_00 },
      ]),
    ).toEqual([
      { bucket: '0-30', customers: 3, amount: 150_50 },
      { bucket: '31-60', customers: 0, amount: 0 },
      { bucket: '61-90', customers: 0, amount: 0 },
      { bucket: '90+', customers: 4, amount: 1_000_00 },
    ]);
  });
});

describe('the collection rate', () => {
  it.each([
    ['all collected', 1_000_00, 1_000_00, 1],
    ['two thirds', 2_00, 3_00, 0.667],
    ['one third', 1_00, 3_00, 0.333],
    ['half a thousandth rounds up', 1, 2_000, 0.001],
    ['just under half a thousandth rounds down', 1, 2_001, 0],
    ['more than billed', 3_00, 2_00, 1.5],
    ['refunds beyond receipts, rounded away from zero', -1, 2_000, -0.001],
    ['nothing collected', 0, 5_00, 0],
    ['nothing billed', 5_00, 0, null],
  ])('%s', (_name, collected, billed, rate) => {
    expect(collectionRate(collected, billed)).toBe(rate);
  });

  it('is within half a thousandth of the exact quotient, for any sums', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e12 }), (collected, billed) => {
        const rate = collectionRate(collected, billed)!;
        expect(Number.isInteger(Math.round(rate * 1000))).toBe(true);
        // Compared in thousandths against the exact fraction, on integers.
        const exact = BigInt(collected) * 1000n;
        const got = BigInt(Math.round(rate * 1000)) * BigInt(billed);
        const gap = exact > got ? exact - got : got - exact;
        expect(gap * 2n <= BigInt(billed)).toBe(true);
      }),
    );
  });
});
