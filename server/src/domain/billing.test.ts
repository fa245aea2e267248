import { describe, expect, it } from 'vitest';
import { billFigures, lineAmount, productCharge, sumAmounts, totalsByProduct } from './billing';

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

  it('sums the named amounts of rows', () => {
    const rows = [
      { a: 10, b: -5, c: 1 },
      { a: 20, b: 7, c: 1 },
    ];
    expect(sumAmounts(rows, ['a', 'b'])).toEqual({ a: 30, b: 2 });
    expect(sumAmounts([], ['a'])).toEqual({ a: 0 });
  });
});

describe('a line comes to price × quantity, rounded once to the paisa, half away from zero', () => {
  // [price in paise, quantity in hundredths, amount in paise]
  it.each([
    ['one unit a day for 3 days is price × days', 33_33, 3_00, 99_99],
    ['0.5 L at ₹45.25 is ₹22.625: half a paisa rounds up', 45_25, 50, 22_63],
    ['1.25 L at ₹45.25 is ₹56.5625', 45_25, 1_25, 56_56],
    ['1.25 L at ₹45.26 is ₹56.575: up', 45_26, 1_25, 56_58],
    ['1.5 L × 30 days at ₹56', 56_00, 45_00, 2520_00],
    ['0.01 L at ₹0.49 is ₹0.0049: down to nothing', 49, 1, 0],
    ['0.01 L at ₹0.50 is ₹0.005: up to a paisa', 50, 1, 1],
    ['999.99 L at ₹99.99', 99_99, 999_99, 99989_00],
    ['a month of 999.99 L a day at ₹99.99', 99_99, 31 * 999_99, 3099659_00],
    ['a free product', 0, 12_34, 0],
    ['the largest price over a month of the largest quantity', 1_00_00_000_00, 31 * 999_99, 309996900000_00],
    ['₹1,00,00,000.00 × 0.05 L is ₹5,00,000.00', 1_00_00_000_00, 5, 5_00_000_00],
    ['₹0.01 × 149.5 L is ₹1.495: up', 1, 149_50, 1_50],
    ['₹0.01 × 149.49 L is ₹1.4949: down', 1, 149_49, 1_49],
  ])('%s', (_name, price, quantity, amount) => {
    expect(lineAmount(price, quantity)).toBe(amount);
  });

  it('rounds a negative amount away from zero too', () => {
    expect(lineAmount(-45_25, 50)).toBe(-22_63);
  });

  it('with quantity 1 a day it is exactly price × days (docs/rules.md section 6)', () => {
    for (const price of [1, 33_33, 56_00, 99_999_99])
      for (const days of [1, 7, 28, 31]) expect(lineAmount(price, days * 100)).toBe(price * days);
  });

  it('the product charge is the sum of the rounded line amounts, not the rounded sum', () => {
    const lines = [{ amount: lineAmount(45_25, 50) }, { amount: lineAmount(45_25, 50) }];
    expect(productCharge(lines)).toBe(45_26);
    expect(lineAmount(45_25, 1_00)).toBe(45_25);
    expect(productCharge([])).toBe(0);
  });
});

describe('totals by product code', () => {
  it('groups lines by code in first-seen order, summing days, quantities and the lines’ amounts', () => {
    const lines = [
      {
        productCode: 'CM',
        productName: 'Cow Milk',
        unit: 'L',
        price: 33_33,
        attendance: 3,
        quantity: 4_50,
        amount: 149_99,
      },
      {
        productCode: 'BM',
        productName: 'Buffalo Milk',
        unit: 'L',
        price: 73_00,
        attendance: 1,
        quantity: 1_00,
        amount: 73_00,
      },
      { productCode: 'CM', productName: 'Cow Milk', unit: 'L', price: 10, attendance: 7, quantity: 7_00, amount: 70 },
    ];
    expect(totalsByProduct(lines)).toEqual([
      { productCode: 'CM', productName: 'Cow Milk', unit: 'L', days: 10, quantity: 11_50, amount: 150_69 },
      { productCode: 'BM', productName: 'Buffalo Milk', unit: 'L', days: 1, quantity: 1_00, amount: 73_00 },
    ]);
    expect(totalsByProduct([])).toEqual([]);
  });
});
