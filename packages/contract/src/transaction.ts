import { z } from 'zod';
import { colonyOption } from './colony';
import {
  dateInput,
  dateOutput,
  datesFromTo,
  flag,
  flagInput,
  idInput,
  MAX,
  MAX_PERIOD_DATES,
  msgResponse,
  optional,
  optionalText,
  pageFields,
  pageQuery,
  pickedId,
  required,
  requiredDate,
  requiredText,
  versionInput,
  withDefault,
} from './common';
import { customerOfRow } from './customer';
import { atMostText, money, moneyInput } from './money';
import { yearMonthInput } from './months';
import { dayOption, productCodeOption, productRowOption } from './product';
import { quantity, quantityInput } from './quantity';

export const TRANSACTION_PAGE_SIZE = 100;
export const TRANSACTION_PREVIEW_PAGE_SIZE = 20;

export const transactionTexts = {
  singleRequired: 'Please fill in all required fields.',
  generateRequired: 'Please fill in all fields.',
  dateRequired: 'Please choose a date.',
  fromDateRequired: 'Please choose the from date.',
  toDateRequired: 'Please choose the to date.',
  toBeforeFrom: 'To date must not be before from date.',
  periodTooLong: `A period may span at most ${MAX_PERIOD_DATES} days.`,
  typeInvalid: 'Transaction type must be single or period',
  monthyrInvalid: 'Month must be YYYY-MM',
  dateAndMonth: 'Choose either a date or a month, not both.',
  priceRequired: "Price can't be empty!",
  priceMin: 'Price must be at least 1',
  priceMax: atMostText('Price'),
  idsRequired: 'Select at least one transaction.',
  notFound: 'Transaction not found',
  customerNotFound: 'Customer not found',
  customerNotInColony: 'This customer does not belong to the chosen colony.',
  productNotFound: 'This {product} is not sold on these days.',
  duplicate: 'This customer already has this {product} on that date.',
  colonyRequired: 'Please select a colony.',
  productRequired: 'Please select a {product}.',
  daysRequired: 'Please select days.',
  generated: 'Successfully Generate Transactions.',
  generateFailed: 'Unable to Generate Transactions.',
  generateNoAnswer: 'Failed to generate transactions. Please try again.',
  alreadyGenerated: 'Transactions already exists.',
  singleGenerated: 'Generate Transaction Successfully',
  singleFailed: 'Unable to generate transactions',
  updated: 'Transaction updated successfully.',
  updateFailed: 'Failed to update transaction.',
  loadFailed: 'Failed to load transaction data.',
  loadFailedOnScreen: 'Error: Could not load transaction data',
  daysFailed: 'Failed to load days.',
  attendanceUpdated: 'Attendance updated successfully.',
  deleted: 'Transaction deleted successfully.',
  actionFailed: 'Something went wrong.',
  bulkDeleted: 'Selected records deleted!',
  bulkDeleteFailed: 'Bulk delete failed!',
  previewEmpty: 'No transactions found. Please apply filter',
  /** Preview Transactions: the list of customers a pause keeps out of the day. */
  pausedTitle: 'Paused on this day',
} as const;

const fillAll = transactionTexts.singleRequired;

/** Spec operations.md section 9: a price is at least 1 (step 0.01), on every transaction form. */
const price = (requiredMessage: string) =>
  moneyInput({
    required: requiredMessage,
    min: { paise: 100, message: transactionTexts.priceMin },
    max: transactionTexts.priceMax,
  });

const optionalDate = optional(dateInput());

// ---- rows -------------------------------------------------------------------------------

export const transactionRow = z.object({
  transactionId: z.number(),
  customerId: z.number(),
  productId: z.number(),
  combinationId: z.number(),
  price: money,
  transactionDate: dateOutput,
  attendance: flag,
  /** Units delivered (or to deliver) that day. */
  quantity,
  version: z.number(),
  customer: z.object({
    ...customerOfRow.shape,
    colonyCode: z.string(),
    colony: z.object({ colonyCode: z.string(), colonyName: z.string() }),
  }),
  product: productRowOption,
  combination: z.object({ combinationId: z.number(), combinationDays: z.string() }).nullable(),
});
export type TransactionRow = z.output<typeof transactionRow>;

/** A transaction the generation would create (the preview), or did create. */
export const plannedTransaction = z.object({
  ...customerOfRow.shape,
  colonyCode: z.string(),
  colonyName: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  combinationId: z.number(),
  combinationDays: z.string(),
  transactionDate: dateOutput,
  price: money,
  /** Units to deliver: a quantity change's covering the date, else the consumption's. */
  quantity,
  /** The product code's unit. */
  unit: z.string(),
});
export type PlannedTransaction = z.output<typeof plannedTransaction>;

/** A pause covering the previewed date: who gets nothing that day, of what, and why. */
export const pausedOnDate = z.object({
  changeId: z.number(),
  ...customerOfRow.shape,
  /** Null with the product: every consumption of the customer ('All'). */
  consumptionId: z.number().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  reason: z.string().nullable(),
  fromDate: dateOutput,
  /** Null: until further notice. */
  toDate: dateOutput.nullable(),
});
export type PausedOnDate = z.output<typeof pausedOnDate>;

// ---- GET /transactions ------------------------------------------------------------------

export const transactionListQuery = pageQuery(TRANSACTION_PAGE_SIZE)
  .extend({
    colonyCode: optionalText(MAX.code),
    productName: optionalText(MAX.name),
    date: optionalDate,
    monthyr: optional(yearMonthInput(transactionTexts.monthyrInvalid)),
    customerId: optional(idInput),
  })
  .refine((q) => !(q.date && q.monthyr), { error: transactionTexts.dateAndMonth, path: ['monthyr'] });
export type TransactionListQuery = z.input<typeof transactionListQuery>;

export const transactionListResponse = z.object({ response: z.array(transactionRow), ...pageFields });
export type TransactionListResponse = z.output<typeof transactionListResponse>;

// ---- attendance toggle and delete -------------------------------------------------------

export const transactionIdParams = z.object({ id: idInput });

export const transactionAttendanceResponse = msgResponse.extend({ attendance: flag });
export type TransactionAttendanceResponse = z.output<typeof transactionAttendanceResponse>;

export const transactionBulkDeleteBody = z.object({
  ids: z
    .array(idInput, { error: transactionTexts.idsRequired })
    .min(1, { error: transactionTexts.idsRequired })
    .max(1000),
});
export type TransactionBulkDeleteBody = z.input<typeof transactionBulkDeleteBody>;
export const transactionBulkDeleteResponse = msgResponse.extend({ count: z.number() });
export type TransactionBulkDeleteResponse = z.output<typeof transactionBulkDeleteResponse>;

// ---- single user transaction ------------------------------------------------------------

export const singleTransactionFormResponse = z.object({
  data: z.object({ colonies: z.array(colonyOption), products: z.array(productCodeOption) }),
});
export type SingleTransactionFormResponse = z.output<typeof singleTransactionFormResponse>;

export const singleTransactionBody = z
  .object({
    colony: requiredText(fillAll, MAX.code),
    customerId: required(pickedId(fillAll), fillAll),
    productId: requiredText(fillAll, MAX.code),
    days: required(pickedId(fillAll), fillAll),
    price: price(fillAll),
    transactionType: z.enum(['single', 'period'], { error: transactionTexts.typeInvalid }).default('single'),
    fromDate: requiredDate(transactionTexts.fromDateRequired),
    toDate: optionalDate,
    /** Units on each date; 1 when left out. */
    quantity: withDefault(quantityInput, 1),
  })
  .superRefine((body, ctx) => {
    if (body.transactionType !== 'period') return;
    if (!body.toDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: transactionTexts.toDateRequired });
    else if (body.toDate < body.fromDate)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: transactionTexts.toBeforeFrom });
    else if (datesFromTo(body.fromDate, body.toDate) > MAX_PERIOD_DATES)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: transactionTexts.periodTooLong });
  });
export type SingleTransactionBody = z.input<typeof singleTransactionBody>;

export const singleTransactionResponse = msgResponse.extend({
  data: z.array(transactionRow.omit({ customer: true, product: true, combination: true })),
  /** How many dates already had this transaction (skipped). */
  count: z.number(),
});
export type SingleTransactionResponse = z.output<typeof singleTransactionResponse>;

// ---- generate by colony -----------------------------------------------------------------

/** `today` is the date in the business time zone: the form's default. */
export const generateTransactionsFormResponse = z.object({ data: z.array(colonyOption), today: dateOutput });
export type GenerateTransactionsFormResponse = z.output<typeof generateTransactionsFormResponse>;

export const generateTransactionsBody = z.object({
  colony: requiredText(transactionTexts.generateRequired, MAX.code),
  date: requiredDate(transactionTexts.generateRequired),
});
export type GenerateTransactionsBody = z.input<typeof generateTransactionsBody>;

export const generateTransactionsResponse = msgResponse.extend({
  /** Customers that already had (some of) that day's transactions. */
  existingUsers: z.array(z.object({ customerId: z.number(), customerName: z.string() })),
  /** How many transactions this call created. */
  created: z.number(),
});
export type GenerateTransactionsResponse = z.output<typeof generateTransactionsResponse>;

// ---- generate every colony (docs/rules.md section 13) ---------------------------------------

export const generateAllTransactionsBody = z.object({ date: requiredDate(transactionTexts.dateRequired) });
export type GenerateAllTransactionsBody = z.input<typeof generateAllTransactionsBody>;

/** Per enabled colony, in code order: rows created, and scheduled rows that existed already. */
export const generateAllTransactionsResponse = z.object({
  date: dateOutput,
  colonies: z.array(z.object({ colonyCode: z.string(), created: z.number(), existing: z.number() })),
});
export type GenerateAllTransactionsResponse = z.output<typeof generateAllTransactionsResponse>;

// ---- preview ----------------------------------------------------------------------------

export const transactionPreviewQuery = pageQuery(TRANSACTION_PREVIEW_PAGE_SIZE).extend({
  colony: requiredText(transactionTexts.colonyRequired, MAX.code),
  startDate: optionalDate,
});
export type TransactionPreviewQuery = z.input<typeof transactionPreviewQuery>;

export const transactionPreviewResponse = z.object({
  data: z.array(plannedTransaction),
  /** The date previewed (today in the business time zone when none was given). */
  date: dateOutput,
  total: z.number(),
  totalPages: z.number(),
  /** The colony's enabled customers a pause covers on that date (docs/rules.md section 12), by route and name. */
  paused: z.array(pausedOnDate),
});
export type TransactionPreviewResponse = z.output<typeof transactionPreviewResponse>;

// ---- update -----------------------------------------------------------------------------

export const transactionUpdateFormResponse = z.object({
  transaction: transactionRow,
  products: z.array(productCodeOption),
  /** The rows of the transaction's product code. */
  days: z.array(dayOption),
});
export type TransactionUpdateFormResponse = z.output<typeof transactionUpdateFormResponse>;

export const transactionUpdateBody = z.object({
  transactionId: idInput,
  productId: requiredText(transactionTexts.productRequired, MAX.code),
  combinationId: required(pickedId(transactionTexts.daysRequired), transactionTexts.daysRequired),
  price: price(transactionTexts.priceRequired),
  attendance: flagInput,
  /** Left out: the stored quantity is kept. */
  quantity: optional(quantityInput),
  version: versionInput,
});
export type TransactionUpdateBody = z.input<typeof transactionUpdateBody>;

// ---- attendance of many rows (the route sheet, docs/rules.md section 13) --------------------

/** The most rows one attendance call may change: a large colony's day. */
export const MAX_ATTENDANCE_CHANGES = 10_000;

export const attendanceTexts = {
  changesRequired: 'Send at least one change.',
  changesMax: `At most ${MAX_ATTENDANCE_CHANGES} changes at once.`,
  attendanceInvalid: 'Attendance must be 1 or 0',
  duplicate: 'Each transaction may appear once.',
} as const;

export const attendanceBody = z.object({
  changes: z
    .array(z.object({ transactionId: idInput, attendance: flagInput }), { error: attendanceTexts.changesRequired })
    .min(1, { error: attendanceTexts.changesRequired })
    .max(MAX_ATTENDANCE_CHANGES, { error: attendanceTexts.changesMax })
    .superRefine((changes, ctx) => {
      const seen = new Set<number>();
      changes.forEach((c, i) => {
        if (seen.has(c.transactionId))
          ctx.addIssue({ code: 'custom', path: [i, 'transactionId'], message: attendanceTexts.duplicate });
        seen.add(c.transactionId);
      });
    }),
});
export type AttendanceBody = z.input<typeof attendanceBody>;

/** How many rows the call changed (a row already at the attendance sent is left as it was). */
export const attendanceResponse = z.object({ updated: z.number() });
export type AttendanceResponse = z.output<typeof attendanceResponse>;
