import type { MonthlyPaymentRecord, NoTransactionRecord } from '@dairy/contract';
import { describe, expect, it } from 'vitest';
import { lineText } from '../../lib/format';
import { lastTransactionText, monthlySummaryText } from './report-format';

/** A monthly record with the server's figures (paise). */
const record = (figures: Partial<MonthlyPaymentRecord>): MonthlyPaymentRecord => ({
  paymentId: 1,
  customer: { customerId: 1, route: 1, customerName: 'a', contactNumber: '' },
  totalPrice: 0,
  charges: 0,
  previousDue: 0,
  paid: 0,
  due: 0,
  productCharge: 0,
  balance: 0,
  paymentProducts: [],
  productTotals: [],
  ...figures,
});

describe('monthlySummaryText', () => {
  it.each([
    [
      'nothing paid, nothing brought forward',
      { productCharge: 2190_00, charges: 20_00, balance: 2210_00 },
      'Milk ₹2,190.00 + ₹0.00 balance + ₹20.00 service charge = ₹2,210.00',
    ],
    [
      'a balance owed from before',
      { productCharge: 100_00, charges: 20_00, previousDue: 35_50, balance: 155_50 },
      'Milk ₹100.00 + ₹35.50 balance + ₹20.00 service charge = ₹155.50',
    ],
    [
      'a credit and a pre-payment',
      { productCharge: 1723_00, charges: 20_00, previousDue: -100_01, paid: 500_00, balance: 1142_99 },
      'Milk ₹1,723.00 - ₹100.01 balance - ₹500.00 pre-paid + ₹20.00 service charge = ₹1,142.99',
    ],
    [
      'more refunded than received',
      { productCharge: 50_00, paid: -10_10, balance: 60_10 },
      'Milk ₹50.00 + ₹0.00 balance + ₹10.10 refunded + ₹0.00 service charge = ₹60.10',
    ],
  ])('%s', (_case, figures, text) => {
    expect(monthlySummaryText(record(figures), 'Milk')).toBe(text);
  });

  it("shows the server's figure for what is left to collect, not one of its own", () => {
    // Figures that do not add up: the line still shows the server's.
    expect(monthlySummaryText(record({ productCharge: 1_00, balance: 99_99 }), 'Milk')).toMatch(/= ₹99\.99$/);
  });
});

describe('texts', () => {
  it.each([
    [1, 1_00, 55_50, 'Cow Milk ₹55.50 × 1 L (1 day) = ₹55.50'],
    [20, 20_00, 1110_00, 'Cow Milk ₹55.50 × 20 L (20 days) = ₹1,110.00'],
    [30, 45_00, 2497_50, 'Cow Milk ₹55.50 × 45 L (30 days) = ₹2,497.50'],
    [25, 39_25, 2178_38, 'Cow Milk ₹55.50 × 39.25 L (25 days) = ₹2,178.38'],
  ])('a line of %i days and %i hundredths reads its own figures', (attendance, quantity, amount, text) => {
    const line = { productCode: 'CM', productName: 'Cow Milk', unit: 'L', price: 55_50, attendance, quantity, amount };
    expect(lineText(line)).toBe(text);
  });

  it("shows the server's amount, not one of its own", () => {
    const line = { productCode: 'CM', productName: 'Cow Milk', unit: 'L', price: 1_00, attendance: 1, quantity: 1_00 };
    expect(lineText({ ...line, amount: 99 })).toBe('Cow Milk ₹1.00 × 1 L (1 day) = ₹0.99');
  });

  it.each([
    [11, 2026, 'November 2026'],
    [null, null, '-'],
  ])('last transaction %s/%s reads "%s"', (month, year, text) => {
    const r = { lastTransactionMonth: month, lastTransactionYear: year } as NoTransactionRecord;
    expect(lastTransactionText(r)).toBe(text);
  });
});
