import { monthIndex } from '@dairy/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveLedger, type LedgerEntries, type Period, summarizePeriod } from './ledger';

const p = (year: number, month: number): Period => ({ year, month });

describe('deriveLedger', () => {
  const cases: { name: string; entries: LedgerEntries; periods: object[]; paid: number; due: number }[] = [
    {
      name: 'no entries: the opening balance is the due',
      entries: { openingBalance: 12_50, bills: [], receipts: [] },
      periods: [],
      paid: 0,
      due: 12_50,
    },
    {
      name: 'one bill, part paid',
      entries: {
        openingBalance: 0,
        bills: [{ ...p(2026, 1), totalPrice: 1000_00 }],
        receipts: [{ ...p(2026, 1), amount: 400_00 }],
      },
      periods: [{ ...p(2026, 1), billed: true, totalPrice: 1000_00, previousDue: 0, paid: 400_00, due: 600_00 }],
      paid: 400_00,
      due: 600_00,
    },
    {
      name: 'carry-over into the next month with an opening balance',
      entries: {
        openingBalance: 50_00,
        bills: [
          { ...p(2026, 2), totalPrice: 300_00 },
          { ...p(2026, 1), totalPrice: 200_00 },
        ],
        receipts: [{ ...p(2026, 1), amount: 150_00 }],
      },
      periods: [
        { ...p(2026, 1), billed: true, totalPrice: 200_00, previousDue: 50_00, paid: 150_00, due: 50_00 },
        { ...p(2026, 2), billed: true, totalPrice: 300_00, previousDue: 100_00, paid: 0, due: 300_00 },
      ],
      paid: 150_00,
      due: 400_00,
    },
    {
      name: 'overpayment becomes a credit carried into the next period',
      entries: {
        openingBalance: 0,
        bills: [
          { ...p(2025, 12), totalPrice: 100_00 },
          { ...p(2026, 1), totalPrice: 100_00 },
        ],
        receipts: [{ ...p(2025, 12), amount: 250_00 }],
      },
      periods: [
        { ...p(2025, 12), billed: true, totalPrice: 100_00, previousDue: 0, paid: 250_00, due: -150_00 },
        { ...p(2026, 1), billed: true, totalPrice: 100_00, previousDue: -150_00, paid: 0, due: 100_00 },
      ],
      paid: 250_00,
      due: -50_00,
    },
    {
      name: 'an advance in a period without a bill, and a refund',
      entries: {
        openingBalance: -20_00,
        bills: [{ ...p(2026, 3), totalPrice: 90_05 }],
        receipts: [
          { ...p(2026, 2), amount: 100_00 },
          { ...p(2026, 3), amount: -10_01 },
        ],
      },
      periods: [
        { ...p(2026, 2), billed: false, totalPrice: 0, previousDue: -20_00, paid: 100_00, due: -100_00 },
        { ...p(2026, 3), billed: true, totalPrice: 90_05, previousDue: -120_00, paid: -10_01, due: 100_06 },
      ],
      paid: 89_99,
      due: -19_94,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const ledger = deriveLedger(c.entries);
      expect(ledger.periods).toEqual(c.periods);
      expect(ledger.paid).toBe(c.paid);
      expect(ledger.due).toBe(c.due);
    });
  }

  it('from a later period on, with the earlier periods summed up, gives those periods and the same totals', () => {
    const ledger = deriveLedger({
      openingBalance: 50_00,
      earlier: { billed: 200_00, received: 150_00 },
      bills: [{ ...p(2026, 2), totalPrice: 300_00 }],
      receipts: [{ ...p(2026, 2), amount: 25_00 }],
    });
    expect(ledger.broughtForward).toBe(100_00);
    expect(ledger.periods).toEqual([
      { ...p(2026, 2), billed: true, totalPrice: 300_00, previousDue: 100_00, paid: 25_00, due: 275_00 },
    ]);
    expect(ledger.paid).toBe(175_00);
    expect(ledger.due).toBe(375_00);
    expect(summarizePeriod(ledger, p(2026, 3)).previousDue).toBe(375_00);
  });

  it('refuses two bills for one period', () => {
    const bill = { ...p(2026, 1), totalPrice: 1 };
    expect(() => deriveLedger({ openingBalance: 0, bills: [bill, bill], receipts: [] })).toThrow();
  });
});

describe('summarizePeriod', () => {
  const ledger = deriveLedger({
    openingBalance: 10_00,
    bills: [
      { ...p(2026, 1), totalPrice: 100_00 },
      { ...p(2026, 3), totalPrice: 300_00 },
    ],
    receipts: [
      { ...p(2026, 1), amount: 60_00 },
      { ...p(2026, 3), amount: 500_00 },
    ],
  });
  const cases = [
    { period: p(2025, 12), want: { totalPrice: 0, previousDue: 10_00, total: 10_00, paid: 0, balance: 10_00, due: 0 } },
    {
      period: p(2026, 1),
      want: { totalPrice: 100_00, previousDue: 10_00, total: 110_00, paid: 60_00, balance: 50_00, due: 40_00 },
    },
    { period: p(2026, 2), want: { totalPrice: 0, previousDue: 50_00, total: 50_00, paid: 0, balance: 50_00, due: 0 } },
    {
      period: p(2026, 3),
      want: { totalPrice: 300_00, previousDue: 50_00, total: 350_00, paid: 500_00, balance: -150_00, due: -200_00 },
    },
    {
      period: p(2027, 1),
      want: { totalPrice: 0, previousDue: -150_00, total: -150_00, paid: 0, balance: -150_00, due: 0 },
    },
  ];
  for (const c of cases) {
    it(`${c.period.year}-${c.period.month}`, () => expect(summarizePeriod(ledger, c.period)).toEqual(c.want));
  }
});

/** A step of the operator: bill (or regenerate) a period, delete its bill, or record a receipt. */
type Step =
  | { kind: 'bill'; period: Period; totalPrice: number }
  | { kind: 'deleteBill'; period: Period }
  | { kind: 'receipt'; period: Period; amount: number };

const period = fc.record({ year: fc.integer({ min: 2025, max: 2026 }), month: fc.integer({ min: 1, max: 12 }) });
const paise = fc.integer({ min: 0, max: 5_000_000_00 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('bill' as const), period, totalPrice: paise }),
  fc.record({ kind: fc.constant('deleteBill' as const), period }),
  fc.record({ kind: fc.constant('receipt' as const), period, amount: fc.integer({ min: -5_000_00, max: 5_000_00 }) }),
);

describe('ledger properties', () => {
  it('after every step: due = opening + bills - receipts, and each period carries the one before', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000_00, max: 1000_00 }), fc.array(step, { maxLength: 30 }), (opening, steps) => {
        const bills = new Map<number, Period & { totalPrice: number }>();
        const receipts: (Period & { amount: number })[] = [];
        for (const s of steps) {
          const key = monthIndex(s.period);
          if (s.kind === 'bill') bills.set(key, { ...s.period, totalPrice: s.totalPrice });
          else if (s.kind === 'deleteBill') bills.delete(key);
          else receipts.push({ ...s.period, amount: s.amount });

          const ledger = deriveLedger({ openingBalance: opening, bills: [...bills.values()], receipts });
          const receivedIn = new Map<number, number>();
          for (const r of receipts) receivedIn.set(monthIndex(r), (receivedIn.get(monthIndex(r)) ?? 0) + r.amount);
          const billed = [...bills.values()].reduce((sum, b) => sum + b.totalPrice, 0);
          const received = receipts.reduce((sum, r) => sum + r.amount, 0);
          expect(ledger.due).toBe(opening + billed - received);
          expect(ledger.paid).toBe(received);
          let carried = opening;
          for (const b of ledger.periods) {
            expect(b.previousDue).toBe(carried);
            expect(b.due).toBe(b.totalPrice - b.paid);
            expect(b.billed).toBe(bills.has(monthIndex(b)));
            expect(b.paid).toBe(receivedIn.get(monthIndex(b)) ?? 0);
            const summary = summarizePeriod(ledger, b);
            expect(summary.balance).toBe(b.previousDue + b.due);
            carried += b.due;
          }
          expect(carried).toBe(ledger.due);

          // Derived from any period on, with the earlier ones summed up: the same from there.
          const split = monthIndex(s.period);
          const before = <T extends Period>(xs: readonly T[]) => xs.filter((x) => monthIndex(x) < split);
          const after = <T extends Period>(xs: readonly T[]) => xs.filter((x) => monthIndex(x) >= split);
          const partial = deriveLedger({
            openingBalance: opening,
            earlier: {
              billed: before([...bills.values()]).reduce((sum, b) => sum + b.totalPrice, 0),
              received: before(receipts).reduce((sum, r) => sum + r.amount, 0),
            },
            bills: after([...bills.values()]),
            receipts: after(receipts),
          });
          expect(partial.periods).toEqual(after(ledger.periods));
          expect({ paid: partial.paid, due: partial.due }).toEqual({ paid: ledger.paid, due: ledger.due });
        }
      }),
      { numRuns: 2000 },
    );
  }, 60_000);
});
