import { describe, expect, it } from 'vitest';
import { billFigures, lineAmount, sumAmounts, totalsByProduct } from './billing';

const line = (price: number, attendance: number) => ({ productCode: 'M1', productName: 'Cow Milk', price, attendance });

describe('bill figures', () => {
  it('the product charge and what is left to collect', () => {
    expect(billFigures({ totalPrice: 1743_00, charges: 20_00, previousDue: -100_01, paid: 500_00 })).toEqual({
      productCharge: 1723_00,
      balance: 1142_99,
    });
    // More refunded than received: the refund is owed back.
    expect(billFigures({ totalPrice: 50_00, charges: 0, previousDue: 0, paid: -10_10 })).toEqual({
      productCharge: 50_00,
      balance: 60_10,
    });
  });

  it('a line comes to price x days', () => {
    expect(lineAmount(line(33_33, 3))).toBe(99_99);
  });

  it('groups lines by product code in first-seen order, summing days and amounts exactly', () => {
    const lines = [
      { productCode: 'CM', productName: 'Cow Milk', price: 33_33, attendance: 3 },
      { productCode: 'BM', productName: 'Buffalo Milk', price: 73_00, attendance: 1 },
      { productCode: 'CM', productName: 'Cow Milk', price: 10, attendance: 7 },
    ];
    expect(totalsByProduct(lines)).toEqual([
      { productCode: 'CM', productName: 'Cow Milk', days: 10, amount: 100_69 },
      { productCode: 'BM', productName: 'Buffalo Milk', days: 1, amount: 73_00 },
    ]);
    expect(totalsByProduct([])).toEqual([]);
  });

  it('sums the named amounts of rows', () => {
    const rows = [
      { a: 10, b: -5, c: 1 },
      { a: 20, b: 7, c: 1 },
    ];
    expect(sumAmounts(rows, ['a', 'b'])).toEqual({ a: 30, b: 2 });
    expect(sumAmounts([], ['a'])).toEqual({ a: 0 });
  });
});
