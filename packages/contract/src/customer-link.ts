import { z } from 'zod';
import { idInput } from './common';

/*
 * A customer's private link to their own page (docs/rules.md section 19): `{PUBLIC_URL}/my/{token}`,
 * made, shown again and deleted by the office.
 */

export const customerLinkTexts = {
  customerNotFound: 'Customer not found',
  noLink: 'This customer has no page link.',
} as const;

export const customerLinkParams = z.object({ customerId: idInput });

export const customerLinkResponse = z.object({
  customerId: z.number(),
  /** The page's address; null while `PUBLIC_URL` is not set (the screen says to set it). */
  url: z.string().nullable(),
  createdAt: z.string(),
  /** When the customer last opened the page (to the minute); null until they do. */
  lastSeenAt: z.string().nullable(),
});
export type CustomerLinkResponse = z.output<typeof customerLinkResponse>;

export const customerLinkDeletedResponse = z.object({ deleted: z.literal(1) });
export type CustomerLinkDeletedResponse = z.output<typeof customerLinkDeletedResponse>;

/** `{publicUrl}/my/{token}`, or null without a public address. */
export function customerPageUrl(publicUrl: string | undefined, token: string): string | null {
  return publicUrl ? `${publicUrl.replace(/\/+$/, '')}/my/${token}` : null;
}
