import {
  countValue,
  customerPhrase,
  moneyValue,
  monthValue,
  type Paise,
  type PhraseValue,
  paymentTexts,
  receiveManyTexts,
} from '@dairy/contract';
import { currentUser } from '../../current-user';
import { type Db, inTransaction } from '../../db/client';
import { deriveLedger, type Ledger, type Period, type PeriodSummary, summarizePeriod } from '../../domain/ledger';
import { AppError, notFound } from '../../errors';
import { momentText, recordAudit } from '../audit/audit.service';
import { findCustomer, lockCustomers } from '../customer/customer.repo';
import { ledgerInputs, storeLedgers } from './ledger.repo';
import { insertReceipt, insertReceipts } from './receipt.repo';

/*
 * Receiving payments (docs/rules.md sections 6, 13 and 20): one receipt or a colony's collection,
 * each answered from the ledger it just stored, and a customer's view of a period. Bills are in
 * payment.service.ts.
 */

export interface CustomerPeriod extends Period {
  customerId: number;
}

export interface ReceivingView {
  currentBill: PeriodSummary & { paymentId: number | null };
  customer: { customerId: number; customerName: string; paid: Paise; due: Paise };
}

/**
 * A customer's figures for one period, billed or not, derived from their bills and receipts.
 * Read in one snapshot, so a receipt landing between the reads cannot split the summary.
 */
export async function periodOfCustomer(db: Db, request: CustomerPeriod): Promise<ReceivingView> {
  return db.transaction((tx) => readPeriod(tx, request), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function readPeriod(db: Db, request: CustomerPeriod): Promise<ReceivingView> {
  const customer = await findCustomer(db, request.customerId);
  if (!customer) throw notFound(paymentTexts.customerNotFound);
  // The periods before the asked one come summed up: the view costs the same after years of bills.
  const { customers, bills, receipts } = await ledgerInputs(db, [customer.customerId], request);
  const { openingBalance, billedBefore, receivedBefore } = customers[0]!;
  const ledger = deriveLedger({
    openingBalance,
    earlier: { billed: billedBefore, received: receivedBefore },
    bills,
    receipts,
  });
  const { customerId, customerName, paid, due } = customer;
  return receivingView(ledger, bills, request, { customerId, customerName, paid, due });
}

/** The receiving screen's view of a period of a derived ledger, with the customer's totals. */
function receivingView(
  ledger: Ledger,
  bills: readonly (Period & { paymentId: number })[],
  period: Period,
  customer: ReceivingView['customer'],
): ReceivingView {
  const bill = bills.find((b) => b.year === period.year && b.month === period.month);
  return { currentBill: { paymentId: bill?.paymentId ?? null, ...summarizePeriod(ledger, period) }, customer };
}

/**
 * Records a receipt (`negative` takes money back) and recomputes the customer's ledger. The answer
 * is the ledger derived here and stored as it is (docs/rules.md section 6): the customer and their
 * periods are read once, under the customer's lock, before the receipt is written.
 */
export async function receivePayment(
  db: Db,
  request: CustomerPeriod & { amount: Paise; mode: 'positive' | 'negative'; takenAt?: string | undefined },
  timeZone: string,
): Promise<ReceivingView> {
  return inTransaction(db, async (tx) => {
    const customer = await findCustomer(tx, request.customerId, 'lock');
    if (!customer) throw notFound(paymentTexts.customerNotFound);
    const { customerId } = customer;
    const { customers, bills, receipts } = await ledgerInputs(tx, [customerId], request);
    const { openingBalance, billedBefore, receivedBefore } = customers[0]!;
    const taken = await insertReceipt(tx, {
      customerId,
      paymentYear: request.year,
      paymentMonth: request.month,
      amount: request.mode === 'negative' ? -request.amount : request.amount,
      mode: request.mode,
      receivedBy: currentUser()?.userId ?? null,
      takenAt: request.takenAt === undefined ? undefined : new Date(request.takenAt),
    });
    const ledger = deriveLedger({
      openingBalance,
      earlier: { billed: billedBefore, received: receivedBefore },
      bills,
      receipts: [...receipts, { year: request.year, month: request.month, amount: taken.amount }],
    });
    await storeLedgers(tx, [customerId], request, [
      { customerId, broughtForward: ledger.broughtForward, receivedBefore },
    ]);
    await recordAudit(tx, {
      action: 'receipt.add',
      entity: 'receipt',
      entityId: taken.receiptId,
      phrase: {
        key: request.mode === 'negative' ? 'gaveBack' : 'received',
        values: {
          amount: moneyValue(request.amount),
          customer: customerPhrase(customer),
          month: monthValue(request.month, request.year),
          taken: takenPhrase([taken.takenAt], timeZone),
        },
      },
      after: taken,
    });
    const { customerName } = customer;
    return receivingView(ledger, bills, request, {
      customerId,
      customerName,
      paid: ledger.paid,
      due: ledger.due,
    });
  });
}

/**
 * Collection entry (docs/rules.md section 13): positive receipts of one period for many customers,
 * all or none. The customers are locked in id order, the receipts written in one statement and
 * each customer's ledger derived once. An unknown customer is a 404 naming its row.
 */
export async function receiveMany(
  db: Db,
  request: Period & { entries: readonly { customerId: number; amount: Paise; takenAt?: string | undefined }[] },
  timeZone: string,
) {
  const ids = [...new Set(request.entries.map((e) => e.customerId))];
  return inTransaction(db, async (tx) => {
    const locked = new Set(await lockCustomers(tx, { customerIds: ids }));
    const missing = request.entries.findIndex((e) => !locked.has(e.customerId));
    if (missing >= 0) {
      const message = receiveManyTexts.row(missing + 1, paymentTexts.customerNotFound);
      throw new AppError(404, message, [{ path: `entries.${missing}.customerId`, message }]);
    }
    await insertReceipts(
      tx,
      request.entries.map((e) => ({
        customerId: e.customerId,
        paymentYear: request.year,
        paymentMonth: request.month,
        amount: e.amount,
        mode: 'positive' as const,
        receivedBy: currentUser()?.userId ?? null,
        takenAt: e.takenAt === undefined ? undefined : new Date(e.takenAt),
      })),
    );
    const takenTimes = request.entries.flatMap((e) => (e.takenAt === undefined ? [] : [new Date(e.takenAt)]));
    await storeLedgers(tx, ids, request);
    const answer = { received: request.entries.length, total: request.entries.reduce((sum, e) => sum + e.amount, 0) };
    await recordAudit(tx, {
      action: 'receipt.addMany',
      entity: 'receipt',
      phrase: {
        key: 'receivedMany',
        values: {
          amount: moneyValue(answer.total),
          count: countValue(answer.received, 'customer'),
          month: monthValue(request.month, request.year),
          taken: takenPhrase(takenTimes, timeZone),
        },
      },
      after: { ...request },
    });
    return answer;
  });
}

/**
 * "; taken 26/11/2026 07:10" (or "; taken 26/11/2026 07:10 to 08:05"): when receipts that arrived
 * later were taken (docs/rules.md section 20); the audit row's own time is when they arrived.
 * Receipts taken as they arrived say nothing more.
 */
function takenPhrase(times: readonly Date[], timeZone: string): PhraseValue {
  const arrived = Date.now();
  // A minute apart or less: taken as it arrived.
  const later = times.filter((t) => arrived - t.getTime() > 60_000);
  if (later.length === 0) return '';
  const sorted = [...later].sort((a, b) => a.getTime() - b.getTime());
  const first = momentText(sorted[0]!, timeZone);
  const last = momentText(sorted[sorted.length - 1]!, timeZone);
  if (first === last) return { key: 'takenAt', values: { at: first } };
  const to = first.slice(0, 10) === last.slice(0, 10) ? last.slice(11) : last;
  return { key: 'takenFromTo', values: { from: first, to } };
}
