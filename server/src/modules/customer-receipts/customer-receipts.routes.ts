import {
  calendarDateIn,
  customerReceiptsParams,
  customerReceiptsResponse,
  RECEIPT_MONTHS,
  statementTexts,
} from '@dairy/contract';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appUser, receipt } from '../../db/schema';
import { orNotFound } from '../../errors';
import { routeSchema } from '../../route-schema';
import { findCustomer } from '../customer/customer.repo';

/** The first day of the month `back` months before the month of `date` (YYYY-MM-DD). */
export function monthStartBefore(date: string, back: number): string {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 - back;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * A customer's receipts taken in the last 12 calendar months (docs/rules.md section 23), newest
 * first: the customer's file answers "I paid you on the 5th" from them. A collector reads those
 * of their colonies' customers (the permission table checks the customer).
 */
export const customerReceiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/:customerId/receipts',
    routeSchema('customer', customerReceiptsResponse, { params: customerReceiptsParams }),
    async (request) => {
      const { customerId } = request.params;
      await orNotFound(findCustomer(app.db, customerId), statementTexts.customerNotFound);
      const timeZone = app.config.businessTz;
      const fromDate = monthStartBefore(calendarDateIn(timeZone, app.now()), RECEIPT_MONTHS - 1);
      const rows = await app.db
        .select({
          receiptId: receipt.receiptId,
          month: receipt.paymentMonth,
          year: receipt.paymentYear,
          amount: receipt.amount,
          mode: receipt.mode,
          receivedAt: receipt.receivedAt,
          receivedBy: appUser.username,
        })
        .from(receipt)
        .leftJoin(appUser, eq(appUser.userId, receipt.receivedBy))
        .where(
          and(
            eq(receipt.customerId, customerId),
            gte(receipt.receivedAt, sql`(${fromDate}::date::timestamp at time zone ${timeZone})`),
          ),
        )
        .orderBy(desc(receipt.receivedAt), desc(receipt.receiptId));
      return {
        customerId,
        fromDate,
        rows: rows.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString() })),
      };
    },
  );
};
