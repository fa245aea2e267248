import { z } from 'zod';
import { dateInput, idInput, MAX, optional, optionalText, pageFields, pageQuery } from './common';

/** The audit trail (docs/rules.md section 15): one row per call that changed data, newest first. */

export const AUDIT_PAGE_SIZE = 50;

export const auditTexts = {
  loadFailed: 'Unable to load the audit trail.',
  toBeforeFrom: 'To date must be on or after the from date.',
} as const;

/** The kinds of record the trail names, for the screen's filter. */
export const auditEntities = [
  'colony',
  'combination',
  'product',
  'customer',
  'customerLink',
  'consumption',
  'change',
  'transaction',
  'payment',
  'receipt',
  'staff',
  'settings',
] as const;

export const auditQuery = pageQuery(AUDIT_PAGE_SIZE)
  .extend({
    userId: optional(idInput),
    entity: optionalText(MAX.code),
    entityId: optionalText(MAX.name),
    /** Dates in BUSINESS_TZ, both inclusive. */
    from: optional(dateInput()),
    to: optional(dateInput()),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: auditTexts.toBeforeFrom, path: ['to'] });

export const auditRow = z.object({
  auditId: z.number(),
  at: z.string(),
  userId: z.number().nullable(),
  username: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  /** The summary's phrase, for showing it in the reader's language; null on rows written before phrases were kept. */
  phrase: z.object({ key: z.string(), values: z.record(z.string(), z.unknown()).optional() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditRow = z.output<typeof auditRow>;

export const auditListResponse = z.object({ rows: z.array(auditRow), ...pageFields });
export type AuditListResponse = z.output<typeof auditListResponse>;
