import { countValue, monthDates, monthValue } from '@dairy/contract';
import type { Db } from '../../db/client';
import { billFigures, sumAmounts, totalsByProduct } from '../../domain/billing';
import { businessDate } from '../../domain/calendar';
import type { Period } from '../../domain/ledger';
import { recordAudit } from '../audit/audit.service';
import { requireColony, requireEnabledColony } from '../colony/colony.service';
import { lockCustomers, markDefaulters } from '../customer/customer.repo';
import { listPayments } from '../payment/payment.repo';
import { dailyConsumption, defaulterCandidates, markedDefaulters, noTransactionRecords } from './report.repo';

/** Delivered counts per colony and product on the date (in the business time zone) of `dateOrTime`. */
export async function dailyReport(db: Db, colonyCode: string | undefined, dateOrTime: string, timeZone: string) {
  const code = colonyCode ? (await requireColony(db, colonyCode)).colonyCode : undefined;
  const date = businessDate(dateOrTime, timeZone);
  return { date, report: await dailyConsumption(db, date, code) };
}

type NoTransactionRow = Awaited<ReturnType<typeof noTransactionRecords>>[number];
const noTransactionRecord = (row: NoTransactionRow) => ({
  customer: row.customer,
  totalDue: row.due,
  paymentProducts: row.lines,
  // lastDelivery is YYYY-MM-DD: the month is already one-based.
  lastTransactionMonth: row.lastDelivery ? Number(row.lastDelivery.slice(5, 7)) : null,
  lastTransactionYear: row.lastDelivery ? Number(row.lastDelivery.slice(0, 4)) : null,
});

/** Customer Having No Transactions: the colony's customers marked as defaulters. */
export async function noBalanceReport(db: Db, colonyCode: string) {
  const colony = await requireColony(db, colonyCode);
  const rows = await noTransactionRecords(db, markedDefaulters(colony.colonyCode));
  return { data: rows.map(noTransactionRecord) };
}

/** Who generating defaulters would mark: no delivery in the month and still owing (docs/rules.md section 7). */
export async function previewDefaulters(db: Db, colonyCode: string, period: Period) {
  const colony = await requireColony(db, colonyCode);
  const candidates = defaulterCandidates(colony.colonyCode, monthDates(period));
  return { data: (await noTransactionRecords(db, candidates)).map(noTransactionRecord) };
}

/** Marks the month's candidates as defaulters; returns how many of them carry the flag now. */
export async function generateDefaulters(db: Db, colonyCode: string, period: Period) {
  const colony = await requireEnabledColony(db, colonyCode);
  return db.transaction(async (tx) => {
    // The customer locking rule (README): the UPDATE then sees every delivery and bill
    // committed before it, and cannot deadlock with a generation on the same colony.
    await lockCustomers(tx, { colonyCode: colony.colonyCode });
    // One UPDATE: the candidates are chosen and marked in the same statement.
    const count = await markDefaulters(tx, defaulterCandidates(colony.colonyCode, monthDates(period)));
    await recordAudit(tx, {
      action: 'customer.defaulters',
      entity: 'customer',
      phrase: {
        key: 'defaulters',
        values: {
          colony: colony.colonyCode,
          month: monthValue(period.month, period.year),
          count: countValue(count, 'customer'),
        },
      },
      after: { colonyCode: colony.colonyCode, ...period, count },
    });
    return count;
  });
}

/**
 * Monthly Payment Info: the colony's bills of the month with every figure the screen and its PDF
 * show (product charge, what is left to collect, the lines by product code) and the colony's sums.
 */
export async function monthlyReport(db: Db, colonyCode: string, period: Period) {
  const colony = await requireColony(db, colonyCode);
  const { rows } = await listPayments(db, { colonyCode: colony.colonyCode, ...period });
  const data = rows.map((bill) => ({
    paymentId: bill.paymentId,
    customer: {
      customerId: bill.customer.customerId,
      route: bill.customer.route,
      customerName: bill.customer.customerName,
      contactNumber: bill.customer.contactNumber,
    },
    totalPrice: bill.totalPrice,
    charges: bill.charges,
    previousDue: bill.previousDue,
    paid: bill.paid,
    due: bill.due,
    ...billFigures(bill),
    paymentProducts: bill.lines,
    productTotals: totalsByProduct(bill.lines),
  }));
  const totals = sumAmounts(data, ['productCharge', 'charges', 'totalPrice', 'previousDue', 'paid', 'balance']);
  return { data, totals };
}
