import type { Paise } from '@dairy/contract';
import type { Db } from '../../src/db/client';
import {
  colony,
  combination,
  consumption,
  customer,
  payment,
  paymentLine,
  product,
  receipt,
  transaction,
} from '../../src/db/schema';
import { findCustomer } from '../../src/modules/customer/customer.repo';

/**
 * Rows written straight into the database, for tests that need data a call of another module
 * would make. Amounts are paise. Every factory returns the inserted row.
 */
let sequence = 0;
const next = () => ++sequence;

export async function makeColony(db: Db, values: Partial<typeof colony.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(colony)
    .values({ colonyCode: `C${n}`, colonyName: `Colony number ${n}`, charges: 0, ...values })
    .returning();
  return row!;
}

export async function makeCombination(db: Db, days: string, values: Partial<typeof combination.$inferInsert> = {}) {
  const [row] = await db
    .insert(combination)
    .values({ combinationDays: days, ...values })
    .onConflictDoUpdate({ target: combination.combinationDays, set: { combinationDays: days } })
    .returning();
  return row!;
}

export const EVERY_DAY = 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday';

/** A product delivered on the days of `combinationId`, or else of `days` (every day unless told). */
export async function makeProduct(
  db: Db,
  { days = EVERY_DAY, ...values }: Partial<typeof product.$inferInsert> & { days?: string } = {},
) {
  const n = next();
  const combinationId = values.combinationId ?? (await makeCombination(db, days)).combinationId;
  const [row] = await db
    .insert(product)
    .values({ productCode: `P${n}`, productName: `Product ${n}`, price: 5000, available: 1, ...values, combinationId })
    .returning();
  return row!;
}

/** What the delivery screens' dairies sell: cow and buffalo milk (L) every day, curd (kg) on `curdDays`. */
export async function makeMilkAndCurd(db: Db, curdDays = EVERY_DAY) {
  const daily = await makeCombination(db, EVERY_DAY);
  const curdCombination = curdDays === EVERY_DAY ? daily : await makeCombination(db, curdDays);
  const make = (productCode: string, productName: string, unit: string, price: Paise, combinationId: number) =>
    makeProduct(db, { productCode, productName, unit, price, combinationId });
  return {
    cow: await make('COW', 'Cow milk', 'L', 60_00, daily.combinationId),
    buf: await make('BUF', 'Buffalo milk', 'L', 70_00, daily.combinationId),
    curd: await make('CURD', 'Curd', 'kg', 40_00, curdCombination.combinationId),
  };
}

export async function makeCustomer(db: Db, values: Partial<typeof customer.$inferInsert> & { colonyCode: string }) {
  const n = next();
  const [row] = await db
    .insert(customer)
    .values({ customerName: `Customer ${n}`, address: `House ${n}`, route: 1, ...values })
    .returning();
  return row!;
}

export async function makeConsumption(
  db: Db,
  values: Partial<typeof consumption.$inferInsert> & { customerId: number; productId: number },
) {
  const [row] = await db
    .insert(consumption)
    .values({ isActive: 1, disable: 0, ...values })
    .returning();
  return row!;
}

export async function makeTransaction(
  db: Db,
  values: Partial<typeof transaction.$inferInsert> & {
    customerId: number;
    productId: number;
    combinationId: number;
    transactionDate: string;
    price: Paise;
  },
) {
  const [row] = await db
    .insert(transaction)
    .values({ attendance: 1, ...values })
    .returning();
  return row!;
}

/** `item` (a product row) delivered to a customer on `transactionDate`, on the product's days and at its price. */
export function makeDelivery(
  db: Db,
  customerId: number,
  item: { productId: number; combinationId: number; price: Paise },
  transactionDate: string,
  values: Partial<typeof transaction.$inferInsert> = {},
) {
  const { productId, combinationId, price } = item;
  return makeTransaction(db, { customerId, productId, combinationId, price, transactionDate, ...values });
}

export async function makePayment(
  db: Db,
  values: Partial<typeof payment.$inferInsert> & { customerId: number; paymentYear: number; paymentMonth: number },
  lines: { productCode: string; productName: string; price: Paise; attendance: number }[] = [],
) {
  const [row] = await db
    .insert(payment)
    .values({ charges: 0, totalPrice: 0, ...values })
    .returning();
  if (lines.length) await db.insert(paymentLine).values(lines.map((l) => ({ ...l, paymentId: row!.paymentId })));
  return row!;
}

export async function makeReceipt(
  db: Db,
  values: Partial<typeof receipt.$inferInsert> & {
    customerId: number;
    paymentYear: number;
    paymentMonth: number;
    amount: Paise;
  },
) {
  const [row] = await db
    .insert(receipt)
    // A receipt made with only its arrival time was taken then, as the server records one.
    .values({ mode: values.amount < 0 ? 'negative' : 'positive', takenAt: values.receivedAt, ...values })
    .returning();
  return row!;
}

/** A customer's last active date, read as the customer list reads it (from their deliveries). */
export async function lastActiveOf(db: Db, customerId: number) {
  return (await findCustomer(db, customerId))?.lastActive ?? null;
}
