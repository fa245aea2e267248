import {
  monthDates,
  type Settings,
  type StatementResponse,
  statementMessage,
  statementTexts,
  upiLink,
  whatsappLink,
} from '@dairy/contract';
import type { Db } from '../../db/client';
import { groupRows } from '../../db/rows';
import { billFigures } from '../../domain/billing';
import { deriveLedger, type Period, receivedAfter, summarizePeriod } from '../../domain/ledger';
import { orNotFound } from '../../errors';
import { requireColony } from '../colony/colony.service';
import { type CustomerRow, findCustomer, findCustomers } from '../customer/customer.repo';
import { pageUrlsOf } from '../customer-link/customer-link.repo';
import { ledgerInputs } from '../payment/ledger.repo';
import { listPayments } from '../payment/payment.repo';
import { readSettings } from '../settings/settings.repo';
import { transactionsOfCustomers } from '../transaction/transaction.repo';

/*
 * A customer's statement of a month (docs/rules.md section 14). Its figures are not computed here:
 * the lines and charges are the stored bill's, as the payment screens show them, and the
 * balances are the period summary Receiving Payments shows, derived by the same ledger code,
 * with what was received for later months and what is owed now (section 23).
 */

/** Reads of one statement (or a colony's) see one snapshot: a receipt landing between them cannot split it. */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** `publicUrl` (PUBLIC_URL): the WhatsApp message ends with the customer's page when they have one. */
export async function customerStatement(
  db: Db,
  request: Period & { customerId: number },
  productLabel: string,
  publicUrl?: string,
) {
  return db.transaction(async (tx) => {
    const customer = await orNotFound(findCustomer(tx, request.customerId), statementTexts.customerNotFound);
    return statementOf(tx, customer, request, productLabel, { publicUrl });
  }, SNAPSHOT);
}

/** What a statement shows of its customer. */
export type StatementCustomer = Pick<
  CustomerRow,
  'customerId' | 'customerName' | 'route' | 'address' | 'contactNumber' | 'colonyName' | 'language'
>;

/** One customer's statement of a month, read with `db` (in a snapshot the caller opened). */
export async function statementOf(
  db: Db,
  customer: StatementCustomer,
  period: Period,
  productLabel: string,
  known: Known = {},
) {
  const billFilter = { customerId: customer.customerId };
  const [statement] = await statementsOf(db, [customer], period, productLabel, billFilter, known);
  return statement!;
}

/** The statements of the colony's bills of the month, in route order (the bills' order). */
export async function colonyStatements(
  db: Db,
  request: Period & { colonyCode: string },
  productLabel: string,
  publicUrl?: string,
) {
  return db.transaction(async (tx) => {
    const colony = await requireColony(tx, request.colonyCode);
    const period = { year: request.year, month: request.month };
    const { rows: bills } = await listPayments(tx, { colonyCode: colony.colonyCode, ...period });
    const byId = new Map(
      (
        await findCustomers(
          tx,
          bills.map((b) => b.customer.customerId),
        )
      ).map((c) => [c.customerId, c]),
    );
    const customers = bills.map((b) => byId.get(b.customer.customerId)!);
    const billFilter = { colonyCode: colony.colonyCode };
    const statements = await statementsOf(tx, customers, period, productLabel, billFilter, { publicUrl });
    return { colonyCode: colony.colonyCode, colonyName: colony.colonyName, ...period, statements };
  }, SNAPSHOT);
}

/**
 * What a caller may know already: PUBLIC_URL (the WhatsApp message ends with the customer's page
 * when they have one), and the business's settings when it read them in the same snapshot.
 */
interface Known {
  publicUrl?: string | undefined;
  business?: Settings;
}

/** The statements of these customers, in their order; `billFilter` finds the month's bills among theirs. */
async function statementsOf(
  db: Db,
  customers: StatementCustomer[],
  period: Period,
  productLabel: string,
  billFilter: { customerId: number } | { colonyCode: string },
  known: Known,
): Promise<StatementResponse[]> {
  const ids = customers.map((c) => c.customerId);
  const { publicUrl } = known;
  const business = known.business ?? (await readSettings(db));
  const pageUrls = publicUrl ? await pageUrlsOf(db, ids, publicUrl) : new Map<number, string>();
  const { rows } = await listPayments(db, { ...billFilter, ...period });
  const billOf = new Map(rows.map((b) => [b.customer.customerId, b]));
  const ledger = await ledgerInputs(db, ids);
  const openingOf = new Map(ledger.customers.map((c) => [c.customerId, c.openingBalance]));
  const billsOf = groupRows(ledger.bills, (b) => b.customerId);
  const receiptsOf = groupRows(ledger.receipts, (r) => r.customerId);
  const daysOf = groupRows(await transactionsOfCustomers(db, ids, monthDates(period)), (t) => t.customerId);

  return customers.map((customer) => {
    const ledger = deriveLedger({
      openingBalance: openingOf.get(customer.customerId)!,
      bills: billsOf.get(customer.customerId) ?? [],
      receipts: receiptsOf.get(customer.customerId) ?? [],
    });
    const summary = summarizePeriod(ledger, period);
    const bill = billOf.get(customer.customerId);
    const serviceCharge = bill?.charges ?? 0;
    const productCharge = bill ? billFigures(bill).productCharge : 0;
    const figures = {
      ...period,
      productCharge,
      serviceCharge,
      totalPrice: summary.totalPrice,
      previousDue: summary.previousDue,
      paid: summary.paid,
      balance: summary.balance,
      receivedSince: receivedAfter(ledger, period),
      dueNow: ledger.due,
    };
    // The link pays what is owed now: a later month's receipt may have paid this bill (docs/rules.md section 23).
    const upi = upiLink(business, figures.dueNow, period);
    return {
      business,
      customer: {
        customerId: customer.customerId,
        customerName: customer.customerName,
        route: customer.route,
        address: customer.address,
        contactNumber: customer.contactNumber,
        colonyName: customer.colonyName,
        language: customer.language,
      },
      days: (daysOf.get(customer.customerId) ?? []).map((t) => ({
        date: t.transactionDate,
        productCode: t.productCode,
        productName: t.productName,
        unit: t.unit,
        quantity: t.quantity,
        price: t.price,
        attendance: t.attendance,
      })),
      lines: (bill?.lines ?? []).map((line) => ({
        productCode: line.productCode,
        productName: line.productName,
        unit: line.unit,
        price: line.price,
        days: line.attendance,
        quantity: line.quantity,
        amount: line.amount,
      })),
      ...figures,
      upiLink: upi,
      whatsappLink: whatsappLink(
        customer.contactNumber,
        statementMessage(
          {
            ...figures,
            businessName: business.businessName,
            customerName: customer.customerName,
            upiLink: upi,
            pageUrl: pageUrls.get(customer.customerId),
          },
          productLabel,
          customer.language,
        ),
      ),
    };
  });
}
