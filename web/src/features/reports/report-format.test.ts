import type { MonthlyPaymentRecord, NoTransactionRecord } from '@dairy/contract';
import { describe, expect, it } from 'vitest';
import { lastTransactionText, lineText, monthlyGrandTotal, monthlySummary, totalsByProduct } from './report-format';

const record = (amounts: Partial<MonthlyPaymentRecord>): MonthlyPaymentRecord => ({
  paymentId: 1,
  customer: { customerId: 1, route: 1, customerName: 'a', contactNumber: '' },
  totalPrice: 0,
  charges: 0,
  previousDue: 0,
  paid: 0,
  due: 0,
  paymentProducts: [],
  ...amounts,
});

describe('monthlySummary', () => {
  it.each([
    [
      'nothing paid, nothing brought forward',
      { totalPrice: 2210, charges: 20 },
      2210,
      'Milk ₹2,190.00 + ₹0.00 balance + ₹20.00 service charge = ₹2,210.00',
    ],
    [
      'a balance owed from before',
      { totalPrice: 120, charges: 20, previousDue: 35.5 },
      155.5,
      'Milk ₹100.00 + ₹35.50 balance + ₹20.00 service charge = ₹155.50',
    ],
    [
      'a credit and a pre-payment',
      { totalPrice: 1743, charges: 20, previousDue: -100.01, paid: 500 },
      1142.99,
      'Milk ₹1,723.00 - ₹100.01 balance - ₹500.00 pre-paid + ₹20.00 service charge = ₹1,142.99',
    ],
    [
      'more refunded than received',
      { totalPrice: 50, charges: 0, paid: -10.1 },
      60.1,
      'Milk ₹50.00 + ₹0.00 balance + ₹10.10 refunded + ₹0.00 service charge = ₹60.10',
    ],
    [
      'amounts whose float sum is inexact',
      { totalPrice: 0.3, charges: 0.1, previousDue: 0.2, paid: 0.1 },
      0.4,
      'Milk ₹0.20 + ₹0.20 balance - ₹0.10 pre-paid + ₹0.10 service charge = ₹0.40',
    ],
  ])('%s', (_case, amounts, total, text) => {
    const summary = monthlySummary(record(amounts), 'Milk');
    expect(summary.total).toBe(total);
    expect(summary.text).toBe(text);
  });
});

describe('totalsByProduct', () => {
  it('groups lines by code, sums days and price x days exactly, keeping first-seen order', () => {
    const totals = totalsByProduct([
      { productCode: 'CM', productName: 'Cow Milk', price: 33.33, attendance: 3 },
      { productCode: 'BM', productName: 'Buffalo Milk', price: 73, attendance: 1 },
      { productCode: 'CM', productName: 'Cow Milk', price: 0.1, attendance: 7 },
    ]);
    expect(totals).toEqual([
      { productCode: 'CM', productName: 'Cow Milk', days: 10, amount: 100.69 },
      { productCode: 'BM', productName: 'Buffalo Milk', days: 1, amount: 73 },
    ]);
  });

  it('is empty for a bill without lines', () => {
    expect(totalsByProduct([])).toEqual([]);
  });
});

describe('texts', () => {
  it.each([
    [1, 'Cow Milk ₹55.50 x 1 day'],
    [20, 'Cow Milk ₹55.50 x 20 days'],
  ])('a line of %i days reads "%s"', (attendance, text) => {
    expect(lineText({ productCode: 'CM', productName: 'Cow Milk', price: 55.5, attendance })).toBe(text);
  });

  it.each([
    [11, 2026, 'November 2026'],
    [null, null, '-'],
  ])('last transaction %s/%s reads "%s"', (month, year, text) => {
    const r = { lastTransactionMonth: month, lastTransactionYear: year } as NoTransactionRecord;
    expect(lastTransactionText(r)).toBe(text);
  });
});

describe('monthlyGrandTotal', () => {
  it('adds what is left to collect on every bill, exactly (in paise)', () => {
    const bills = [
      record({ totalPrice: 0.1, previousDue: 0.2 }),
      record({ totalPrice: 1723, charges: 20, previousDue: -100.01, paid: 500 }),
      record({ totalPrice: 50, paid: -10.1 }),
    ];
    // 0.30 + 1,122.99 + 60.10: as floating point 0.1 + 0.2 alone is 0.30000000000000004.
    expect(monthlyGrandTotal(bills)).toBe(1183.39);
  });

  it('is zero without bills', () => {
    expect(monthlyGrandTotal([])).toBe(0);
  });
});
