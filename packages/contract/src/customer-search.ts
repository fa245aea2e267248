import { z } from 'zod';
import { withDefault } from './common';
import { money } from './money';

/*
 * Find any customer (docs/rules.md section 23): the 20 best matches by name, phone digits or
 * `{colony code} {route}`, among the customers the user may see.
 */

export const CUSTOMER_SEARCH_LIMIT = 20;
export const CUSTOMER_SEARCH_MAX = 100;

export const customerSearchTexts = {
  tooLong: `Search for at most ${CUSTOMER_SEARCH_MAX} characters.`,
} as const;

export const customerSearchQuery = z.object({
  /** Blank finds nothing. */
  q: withDefault(z.string().trim().max(CUSTOMER_SEARCH_MAX, { error: customerSearchTexts.tooLong }), ''),
});
export type CustomerSearchQuery = z.input<typeof customerSearchQuery>;

export const customerSearchRow = z.object({
  customerId: z.number(),
  customerName: z.string(),
  colonyCode: z.string(),
  colonyName: z.string(),
  route: z.number(),
  contactNumber: z.string(),
  /** What the customer owes now (negative: a credit). */
  due: money,
});
export type CustomerSearchRow = z.output<typeof customerSearchRow>;

export const customerSearchResponse = z.object({ rows: z.array(customerSearchRow) });
export type CustomerSearchResponse = z.output<typeof customerSearchResponse>;
