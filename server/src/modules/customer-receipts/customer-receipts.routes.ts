import {
  addMonths,
  calendarDateIn,
  customerReceiptsParams,
  customerReceiptsResponse,
  monthOf,
  monthStart,
  RECEIPT_MONTHS,
  statementTexts,
} from '@dairy/contract';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appUser, receipt } from '../../db/schema';
import { orNotFound } from '../../errors';
import { routeSchema } from '../../route-schema';
import { findCustomer } from '../customer/customer.repo';

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
      const fromDate = monthStart(addMonths(monthOf(calendarDateIn(timeZone, app.now())), 1 - RECEIPT_MONTHS));
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
