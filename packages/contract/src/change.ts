import { z } from 'zod';
import {
  dateInput,
  dateOutput,
  datesFromTo,
  idInput,
  MAX,
  MAX_PERIOD_DATES,
  optional,
  pageFields,
  pageQuery,
  pickedId,
  required,
  requiredDate,
} from './common';
import { quantity, quantityInput, quantityTexts } from './quantity';

/*
 * Delivery changes (docs/rules.md section 12): a pause (no delivery) or a different quantity, on a
 * range of dates, for one consumption or (a pause only) every consumption of a customer.
 */

export const CHANGE_PAGE_SIZE = 100;
export const MAX_REASON_LENGTH = 200;

export const changeKinds = ['pause', 'quantity'] as const;

/** The author a change made through the customer's page is shown with (docs/rules.md section 19). */
export const CUSTOMER_AUTHOR = 'customer';
export type ChangeKind = (typeof changeKinds)[number];

export const changeTexts = {
  customerRequired: 'Please select a customer.',
  fromDateRequired: 'From date is required.',
  toBeforeFrom: 'To date must be on or after the from date.',
  quantityMin: quantityTexts.min,
  quantityNeedsTo: 'A quantity change needs a to date.',
  overlaps: 'Overlaps an existing change.',
  kindInvalid: 'Kind must be pause or quantity.',
  quantityNeedsConsumption: 'A quantity change needs a consumption.',
  pauseHasNoQuantity: 'A pause has no quantity.',
  tooLong: `A quantity change may span at most ${MAX_PERIOD_DATES} days.`,
  reasonMax: `Reason must be at most ${MAX_REASON_LENGTH} characters`,
  notFound: 'Change not found',
  customerNotFound: 'Customer not found',
  consumptionNotFound: 'Consumption not found',
  consumptionOfAnother: 'This consumption belongs to another customer.',
  customerFixed: "A change's customer can't be changed.",
  added: 'Change added successfully.',
  updated: 'Change updated successfully.',
  deleted: 'Change deleted successfully.',
  saveFailed: 'Unable to save the change.',
  deleteFailed: 'Unable to delete the change.',
  loadFailed: 'Unable to load the changes.',
  /** How many generated deliveries a change corrected. */
  corrected: (n: number) => `${n} generated ${n === 1 ? 'delivery was' : 'deliveries were'} corrected.`,
} as const;

// ---- rows -------------------------------------------------------------------------------

export const changeRow = z.object({
  changeId: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  colonyCode: z.string(),
  route: z.number(),
  /** Null: every consumption of the customer (a pause only). */
  consumptionId: z.number().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  unit: z.string().nullable(),
  kind: z.enum(changeKinds),
  /** The quantity of a quantity change; null for a pause. */
  quantity: quantity.nullable(),
  fromDate: dateOutput,
  /** Null: a pause until further notice. */
  toDate: dateOutput.nullable(),
  reason: z.string().nullable(),
  /** The username of the person who made it; `customer` for a change made through the customer's page. */
  createdBy: z.string(),
  createdAt: z.string(),
  /** Made by the customer through their page (docs/rules.md section 19). */
  byCustomer: z.boolean(),
});
export type ChangeRow = z.output<typeof changeRow>;

// ---- GET /changes -----------------------------------------------------------------------

/** The most changes one list keeps beside its current and upcoming ones. */
export const MAX_KEPT_CHANGES = 100;
const keptIdsText = `keep must be at most ${MAX_KEPT_CHANGES} change ids separated by commas`;

/** Change ids written `12,15` on the wire, a list inside. */
const changeIdList = z.codec(z.string({ error: keptIdsText }).trim(), z.array(z.number()), {
  decode: (text, ctx) => {
    const ids = text.split(',').map((part) => part.trim());
    if (ids.length <= MAX_KEPT_CHANGES && ids.every((id) => /^\d{1,9}$/.test(id))) return ids.map(Number);
    ctx.issues.push({ code: 'custom', message: keptIdsText, input: text });
    return z.NEVER;
  },
  encode: (ids) => ids.join(','),
});

export const changeListQuery = pageQuery(CHANGE_PAGE_SIZE).extend({
  colonyCode: optional(z.string().trim().max(MAX.code)),
  customerId: optional(idInput),
  /** Keeps the changes covering this date or later: current and upcoming. */
  activeOn: optional(dateInput()),
  /**
   * With `activeOn`: changes listed whatever their dates (a change just saved stays in view,
   * docs/rules.md section 23); the other filters still apply.
   */
  keep: optional(changeIdList),
  /** `true`: only the changes customers made through their page. */
  byCustomer: optional(
    z.enum(['true', 'false'], { error: 'byCustomer must be true or false' }).transform((v) => v === 'true'),
  ),
});
export type ChangeListQuery = z.input<typeof changeListQuery>;

export const changeListResponse = z.object({ rows: z.array(changeRow), ...pageFields });
export type ChangeListResponse = z.output<typeof changeListResponse>;

// ---- POST /changes, PUT /changes/:changeId ----------------------------------------------

/** A change's fields; `changeRules` holds them to section 12's rules. */
export const changeFields = z.object({
  customerId: required(pickedId(changeTexts.customerRequired), changeTexts.customerRequired),
  /** Left out: every consumption of the customer. */
  consumptionId: optional(idInput),
  kind: z.enum(changeKinds, { error: changeTexts.kindInvalid }),
  fromDate: requiredDate(changeTexts.fromDateRequired),
  /** Left out: a pause until further notice. */
  toDate: optional(dateInput()),
  quantity: optional(quantityInput),
  reason: optional(
    z.string({ error: changeTexts.reasonMax }).trim().max(MAX_REASON_LENGTH, { error: changeTexts.reasonMax }),
  ),
});

/** The rules between a change's fields (the office's and the customer page's alike). */
export function changeRules(
  body: Omit<z.output<typeof changeFields>, 'customerId'>,
  ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void },
) {
  const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (body.toDate && body.toDate < body.fromDate) problem('toDate', changeTexts.toBeforeFrom);
  if (body.kind === 'pause') {
    if (body.quantity !== undefined) problem('quantity', changeTexts.pauseHasNoQuantity);
    return;
  }
  if (body.consumptionId === undefined) problem('consumptionId', changeTexts.quantityNeedsConsumption);
  if (!body.toDate) problem('toDate', changeTexts.quantityNeedsTo);
  else if (body.toDate >= body.fromDate && datesFromTo(body.fromDate, body.toDate) > MAX_PERIOD_DATES)
    problem('toDate', changeTexts.tooLong);
  if (body.quantity === undefined) problem('quantity', changeTexts.quantityMin);
}

export const changeBody = changeFields.superRefine(changeRules);
export type ChangeBody = z.input<typeof changeBody>;
export type ChangeValues = z.output<typeof changeBody>;

export const changeIdParams = z.object({ changeId: idInput });

export const changeSavedResponse = z.object({
  change: changeRow,
  /** How many generated deliveries the change corrected. */
  affected: z.number(),
});
export type ChangeSavedResponse = z.output<typeof changeSavedResponse>;

export const changeDeletedResponse = z.object({ affected: z.number() });
export type ChangeDeletedResponse = z.output<typeof changeDeletedResponse>;
