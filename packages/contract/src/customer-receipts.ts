import { z } from 'zod';
import { idInput } from './common';
import { money } from './money';

/*
 * A customer's receipts of the last 12 months, for the customer's file (docs/rules.md section
 * 23): when each was taken, the month it was recorded for, the amount and who took it.
 */

/** How many calendar months the file's receipts cover, the current one included. */
export const RECEIPT_MONTHS = 12;

export const customerReceiptsParams = z.object({ customerId: idInput });

export const customerReceiptRow = z.object({
  receiptId: z.number(),
  /** The month (1-12) and year the receipt was recorded for. */
  month: z.number(),
  year: z.number(),
  /** Signed: negative for money given back. */
  amount: money,
  mode: z.enum(['positive', 'negative']),
  receivedAt: z.string(),
  /** The username of who took it; null for receipts older than the audit trail. */
  receivedBy: z.string().nullable(),
});
export type CustomerReceiptRow = z.output<typeof customerReceiptRow>;

export const customerReceiptsResponse = z.object({
  customerId: z.number(),
  /** The first date covered (the first day of the month 11 months before this one). */
  fromDate: z.string(),
  /** Newest first. */
  rows: z.array(customerReceiptRow),
});
export type CustomerReceiptsResponse = z.output<typeof customerReceiptsResponse>;
