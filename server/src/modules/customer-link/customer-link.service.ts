import { randomBytes } from 'node:crypto';
import { customerLinkTexts, customerPageUrl, customerPhrase } from '@dairy/contract';
import type { Db } from '../../db/client';
import { orNotFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { findCustomer } from '../customer/customer.repo';
import { deleteLink, findLink, type LinkShown, saveLink } from './customer-link.repo';

/*
 * A customer's page link (docs/rules.md section 19), made, shown and deleted by the office. The
 * token is never written to the audit trail: its rows hold when the link was made and last opened.
 */

/** 32 random bytes from the operating system's cryptographic source, as 43 base64url characters. */
export const newToken = () => randomBytes(32).toString('base64url');

/** A link as the API shows it: its address (null without `PUBLIC_URL`), when it was made and last opened. */
export function shownLink(link: LinkShown & { token: string }, publicUrl: string | undefined) {
  return {
    customerId: link.customerId,
    url: customerPageUrl(publicUrl, link.token),
    createdAt: link.createdAt.toISOString(),
    lastSeenAt: link.lastSeenAt?.toISOString() ?? null,
  };
}

/** What the audit trail keeps of a link: never its token. */
const audited = (link: LinkShown) => ({
  customerId: link.customerId,
  createdAt: link.createdAt,
  lastSeenAt: link.lastSeenAt,
});

const requireCustomer = (db: Db, customerId: number) =>
  orNotFound(findCustomer(db, customerId), customerLinkTexts.customerNotFound);

export async function showLink(db: Db, customerId: number) {
  await requireCustomer(db, customerId);
  return orNotFound(findLink(db, customerId), customerLinkTexts.noLink);
}

/** A new link for the customer; the one they had stops working at once. */
export async function makeLink(db: Db, customerId: number, username: string | undefined) {
  return db.transaction(async (tx) => {
    const customer = await requireCustomer(tx, customerId);
    const before = await findLink(tx, customerId);
    const link = await saveLink(tx, customerId, newToken(), username);
    await recordAudit(tx, {
      action: before ? 'customerLink.renew' : 'customerLink.add',
      entity: 'customerLink',
      entityId: customerId,
      phrase: { key: before ? 'linkRenew' : 'linkAdd', values: { customer: customerPhrase(customer) } },
      before: before && audited(before),
      after: audited(link),
    });
    return link;
  });
}

export async function removeLink(db: Db, customerId: number) {
  return db.transaction(async (tx) => {
    const customer = await requireCustomer(tx, customerId);
    const deleted = await orNotFound(deleteLink(tx, customerId), customerLinkTexts.noLink);
    await recordAudit(tx, {
      action: 'customerLink.delete',
      entity: 'customerLink',
      entityId: customerId,
      phrase: { key: 'linkDelete', values: { customer: customerPhrase(customer) } },
      before: audited(deleted),
    });
    return { deleted: 1 as const };
  });
}
