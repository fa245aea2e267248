import { describe, expect, it } from 'vitest';
import type { PageChange, PageData } from './api';
import { monthDays, monthSoFar } from './month';

/* The customer's calendar and the month so far (docs/rules.md sections 12 and 19). */

type Statement = PageData['statement'];
const day = (date: string, productCode: string, quantity: number, attendance: number, price = 60) => ({
  date,
  productCode,
  productName: productCode === 'COW' ? 'Cow Milk' : 'Curd',
  unit: productCode === 'COW' ? 'L' : 'kg',
  quantity,
  price,
  attendance,
});
const change = (values: Partial<PageChange>): PageChange => ({
  changeId: 1,
  customerId: 1,
  customerName: 'Asha',
  colonyCode: 'GK',
  route: 1,
  consumptionId: null,
  productCode: null,
  productName: null,
  unit: null,
  kind: 'pause',
  quantity: null,
  fromDate: '2026-11-01',
  toDate: null,
  reason: null,
  createdBy: 'customer',
  createdAt: '2026-11-01T00:00:00.000Z',
  byCustomer: true,
  ...values,
});
const statement = (days: ReturnType<typeof day>[], lines: Statement['lines'] = []) =>
  ({ month: 11, year: 2026, days, lines, productCharge: 999 }) as unknown as Statement;
const consumptions = [
  {
    consumptionId: 7,
    productCode: 'COW',
    productName: 'Cow Milk',
    unit: 'L',
    quantity: 1.5,
    days: 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday',
  },
  { consumptionId: 8, productCode: 'CURD', productName: 'Curd', unit: 'kg', quantity: 1, days: 'Friday' },
];

describe('monthDays', () => {
  it('shows made days as delivered, absent or paused, and the plan from today with the changes applied', () => {
    const days = monthDays({
      today: '2026-11-26',
      consumptions,
      statement: statement([
        day('2026-11-02', 'COW', 1.5, 1),
        day('2026-11-03', 'COW', 1.5, 0),
        day('2026-11-25', 'COW', 1.5, 0),
      ]),
      changes: [
        change({ fromDate: '2026-11-25', toDate: '2026-11-26', kind: 'pause' }),
        change({
          changeId: 2,
          kind: 'quantity',
          consumptionId: 7,
          productCode: 'COW',
          quantity: 2,
          fromDate: '2026-11-27',
          toDate: '2026-11-27',
        }),
        change({
          changeId: 3,
          kind: 'pause',
          consumptionId: 8,
          productCode: 'CURD',
          fromDate: '2026-11-27',
          toDate: '2026-11-27',
        }),
      ],
    });
    expect(days).toHaveLength(30);
    const at = (n: number) => days[n - 1]!.entries.map((e) => `${e.productCode} ${e.quantity} ${e.state}`);
    expect(at(2)).toEqual(['COW 1.5 delivered']);
    expect(at(3)).toEqual(['COW 1.5 absent']);
    expect(at(25)).toEqual(['COW 1.5 paused']);
    // Past days never made show nothing; today and later show the plan.
    expect(at(10)).toEqual([]);
    expect(at(26)).toEqual(['COW 0 paused']);
    // 27 November 2026 is a Friday: curd's day, paused; milk changed to 2.
    expect(at(27)).toEqual(['COW 2 planned', 'CURD 0 paused']);
    expect(at(28)).toEqual(['COW 1.5 planned']);
  });
});

describe('monthSoFar', () => {
  it('sums price × quantity per line, rounded once per line, of delivered days only', () => {
    // 3 × 1.33 L at ₹56.75 = ₹226.4325 → ₹226.43 (rounded once, not per day: 3 × ₹75.48 = ₹226.44).
    const days = [1, 2, 3].map((d) => day(`2026-11-0${d}`, 'COW', 1.33, 1, 56.75));
    expect(
      monthSoFar(statement([...days, day('2026-11-04', 'COW', 1.33, 0, 56.75), day('2026-11-04', 'CURD', 1, 1, 40)])),
    ).toEqual({
      amount: 266.43,
      deliveries: 4,
    });
  });

  it("takes the bill's product charge once the month is billed", () => {
    const billed = statement([day('2026-11-01', 'COW', 1, 1)], [{} as Statement['lines'][number]]);
    expect(monthSoFar(billed)).toEqual({ amount: 999, deliveries: 1 });
  });
});
