import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { colony, customer, payment, product, receipt, transaction } from '../../src/db/schema';
import { fileTestApp } from '../helpers/app';
import { makePayment, makeTransaction } from '../helpers/factories';
import { expectLedgerConsistent, newCustomer, seedColony } from './payment-fixtures';

const t = fileTestApp();

const db = () => t.database.db;

/** Every row a money input could change, to show that a refused call changed nothing. */
const snapshot = async () => ({
  colonies: await db().select().from(colony).orderBy(colony.colonyCode),
  products: await db().select().from(product).orderBy(product.productId),
  customers: await db().select().from(customer).orderBy(customer.customerId),
  transactions: await db().select().from(transaction).orderBy(transaction.transactionId),
  bills: await db().select().from(payment).orderBy(payment.paymentId),
  receipts: await db().select().from(receipt).orderBy(receipt.receiptId),
});

describe('every amount a person enters is at most ₹1,00,00,000.00', () => {
  it('refuses more in every money field with the field’s own text (400) and changes nothing', async () => {
    const seed = await seedColony(db());
    const c = await newCustomer(db(), seed);
    const delivered = await makeTransaction(db(), {
      customerId: c.customerId,
      productId: seed.milk.productId,
      combinationId: seed.daily.combinationId,
      transactionDate: '2026-05-04',
      price: seed.milk.price,
    });
    const code = seed.colony.colonyCode;
    const over = '10000000.01';
    const receipt = { customerId: c.customerId, month: 4, year: 2026, paymentMode: 'positive' };
    const cases: [string, string, object, string, string][] = [
      [
        'POST',
        '/api/colony/add',
        { code: 'BIG', name: 'Big Colony', charges: over },
        'charges',
        'Service Charges must be at most ₹1,00,00,000.00',
      ],
      [
        'PUT',
        `/api/colony/update/${code}`,
        { name: 'Big Colony', charges: 10000000.01 },
        'charges',
        'Service Charges must be at most ₹1,00,00,000.00',
      ],
      [
        'POST',
        '/api/product/add',
        { code: 'BIG', name: 'Big Milk', price: over, days: seed.daily.combinationId },
        'price',
        'Price must be at most ₹1,00,00,000.00',
      ],
      [
        'PUT',
        `/api/product/update/${seed.milk.productId}`,
        { code: seed.milk.productCode, name: 'Cow Milk', price: over, days: seed.daily.combinationId },
        'price',
        'Price must be at most ₹1,00,00,000.00',
      ],
      [
        'POST',
        '/api/users/add',
        { name: 'Rich', address: 'House 9', colony: code, route: 1, due: over },
        'due',
        'Due must be between -₹1,00,00,000.00 and ₹1,00,00,000.00',
      ],
      [
        'POST',
        '/api/users/add',
        { name: 'Rich', address: 'House 9', colony: code, route: 1, due: `-${over}` },
        'due',
        'Due must be between -₹1,00,00,000.00 and ₹1,00,00,000.00',
      ],
      [
        'POST',
        '/api/transactions/update',
        {
          transactionId: delivered.transactionId,
          productId: seed.milk.productCode,
          combinationId: seed.daily.combinationId,
          price: over,
          attendance: 1,
        },
        'price',
        'Price must be at most ₹1,00,00,000.00',
      ],
      [
        'POST',
        '/api/payments/previewPayments',
        { colony: code, month: 5, year: 2026, charges: over },
        'charges',
        'Service Charges must be at most ₹1,00,00,000.00',
      ],
      [
        'POST',
        '/api/payments/generatePayments',
        { colony: code, month: 5, year: 2026, charges: over },
        'charges',
        'Service Charges must be at most ₹1,00,00,000.00',
      ],
      [
        'PATCH',
        '/api/payments/receivingPaymentsForm',
        { ...receipt, receivingPayment: over },
        'receivingPayment',
        'Payment amount must be at most ₹1,00,00,000.00',
      ],
      [
        'PATCH',
        '/api/payments/receivingPaymentsForm',
        { ...receipt, receivingPayment: 9999999999.99 },
        'receivingPayment',
        'Payment amount must be at most ₹1,00,00,000.00',
      ],
      [
        'PATCH',
        '/api/payments/receivingPaymentsForm',
        { ...receipt, receivingPayment: '1'.padEnd(30, '0') },
        'receivingPayment',
        'Payment amount must be at most ₹1,00,00,000.00',
      ],
    ];
    const before = await snapshot();
    for (const [method, url, body, path, message] of cases) {
      const response = await t.call(method as 'POST', url, body);
      expect({ url, body, status: response.status, answer: response.body }).toEqual({
        url,
        body,
        status: 400,
        answer: { message, errors: [expect.objectContaining({ path, message })] },
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('takes ₹1,00,00,000.00 itself', async () => {
    const seed = await seedColony(db());
    const c = await newCustomer(db(), seed);
    const response = await t.call('PATCH', '/api/payments/receivingPaymentsForm', {
      customerId: c.customerId,
      month: 0,
      year: 2026,
      receivingPayment: 10000000,
      paymentMode: 'positive',
    });
    expect(response.status).toBe(200);
    expect(response.body.customer).toMatchObject({ paid: 10000000, due: -10000000 });
  });
});

describe('stored totals do not overflow', () => {
  it('adds a large receipt to a period that already holds ₹9,99,99,99,990.00 of receipts, exactly', async () => {
    const seed = await seedColony(db());
    const c = await newCustomer(db(), seed, { openingBalance: 10_000_000_00 });
    // A thousand receipts of ₹99,99,999.99 each: more than numeric(12,2) can sum.
    await db().execute(sql`
      insert into receipt (customer_id, payment_year, payment_month, amount, mode)
      select ${c.customerId}, 2026, 5, 9999999.99, 'positive' from generate_series(1, 1000)`);
    await makePayment(db(), { customerId: c.customerId, paymentYear: 2026, paymentMonth: 5, totalPrice: 12_345_67 });

    const response = await t.call('PATCH', '/api/payments/receivingPaymentsForm', {
      customerId: c.customerId,
      month: 4,
      year: 2026,
      receivingPayment: '10000000.00',
      paymentMode: 'positive',
    });
    expect(response.status).toBe(200);
    // 1000 × 9,999,999.99 + 10,000,000.00 = 10,009,999,990.00 received.
    expect(response.body.currentBill).toEqual({
      paymentId: expect.any(Number),
      totalPrice: 12345.67,
      previousDue: 10000000,
      total: 10012345.67,
      paid: 10009999990,
      balance: -9999987644.33,
      due: -10009987644.33,
    });
    expect(response.body.customer).toMatchObject({ paid: 10009999990, due: -9999987644.33 });
    const [stored] = await db().select().from(customer).where(eq(customer.customerId, c.customerId));
    expect({ paid: stored!.paid, due: stored!.due }).toEqual({ paid: 1_000_999_999_000, due: -999_998_764_433 });
    const [bill] = await db().select().from(payment).where(eq(payment.customerId, c.customerId));
    expect({ paid: bill!.paid, due: bill!.due }).toEqual({ paid: 1_000_999_999_000, due: -1_000_998_764_433 });
    await expectLedgerConsistent(db(), [c.customerId]);
  });
});
