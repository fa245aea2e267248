import { describe, expect, it } from 'vitest';
import { makeBill } from './billing';

const line = (price: number, attendance: number) => ({ productCode: 'M1', productName: 'Cow Milk', price, attendance });

describe('makeBill', () => {
  const cases = [
    { name: 'one line', lines: [line(56_00, 30)], charges: 20_00, productCharge: 1680_00, totalPrice: 1700_00 },
    {
      name: 'two prices of one product row, paise exact',
      lines: [line(33_33, 3), line(1, 1)],
      charges: 0,
      productCharge: 100_00,
      totalPrice: 100_00,
    },
    {
      name: 'a free product still bills the service charge',
      lines: [line(0, 5)],
      charges: 15_50,
      productCharge: 0,
      totalPrice: 15_50,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const bill = makeBill(c.lines, c.charges);
      expect(bill).toEqual({
        lines: c.lines,
        productCharge: c.productCharge,
        charges: c.charges,
        totalPrice: c.totalPrice,
      });
    });
  }

  it('refuses a bill without delivered days', () => {
    expect(() => makeBill([], 10_00)).toThrow();
    expect(() => makeBill([line(10_00, 0)], 10_00)).toThrow();
  });
});
