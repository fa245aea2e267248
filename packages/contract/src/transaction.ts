import { z } from 'zod';
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
  pageQuery,
  pickedId,
  required,
  requiredDate,
  requiredText,
} from './common';
import { atMostText, money, moneyInput } from './money';

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
  generated: 'Successfully Generate Transactions.',
  singleGenerated: 'Generate Transaction Successfully',
  updated: 'Transaction updated successfully.',
  attendanceUpdated: 'Attendance updated successfully.',
  deleted: 'Transaction deleted successfully.',
  bulkDeleted: 'Selected records deleted!',
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
  customer: z.object({
    customerId: z.number(),
    customerName: z.string(),
    route: z.number(),
    colonyCode: z.string(),
    colony: z.object({ colonyCode: z.string(), colonyName: z.string() }),
  }),
  product: z.object({ productId: z.number(), productCode: z.string(), productName: z.string() }),
  combination: z.object({ combinationId: z.number(), combinationDays: z.string() }).nullable(),
});
export type TransactionRow = z.infer<typeof transactionRow>;

/** A transaction the generation would create (the preview), or did create. */
export const plannedTransaction = z.object({
  customerId: z.number(),
  customerName: z.string(),
  route: z.number(),
  colonyCode: z.string(),
  colonyName: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  combinationId: z.number(),
  combinationDays: z.string(),
  transactionDate: dateOutput,
  price: money,
});
export type PlannedTransaction = z.infer<typeof plannedTransaction>;

const colonyChoice = z.object({ colonyCode: z.string(), colonyName: z.string(), disable: flag });
/** One entry per product code (DESIGN.md section 11). */
const productChoice = z.object({ productCode: z.string(), productName: z.string() });
/** A product row of one code: `id` is its combination (as `POST /fetch/days` gives it). */
const dayChoice = z.object({ id: z.number(), name: z.string(), price: money });

// ---- GET /transactions ------------------------------------------------------------------

export const transactionListQuery = pageQuery(TRANSACTION_PAGE_SIZE)
  .extend({
    colonyCode: optionalText(MAX.code),
    productName: optionalText(MAX.name),
    date: optionalDate,
    monthyr: optional(
      z
        .string()
        .trim()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: transactionTexts.monthyrInvalid }),
    ),
    customerId: optional(idInput),
  })
  .refine((q) => !(q.date && q.monthyr), { error: transactionTexts.dateAndMonth, path: ['monthyr'] });
export type TransactionListQuery = z.input<typeof transactionListQuery>;

export const transactionListResponse = z.object({
  response: z.array(transactionRow),
  limit: z.number(),
  page: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type TransactionListResponse = z.infer<typeof transactionListResponse>;

// ---- attendance toggle and delete -------------------------------------------------------

export const transactionIdParams = z.object({ id: idInput });

export const transactionAttendanceResponse = msgResponse.extend({ attendance: flag });

export const transactionBulkDeleteBody = z.object({
  ids: z
    .array(idInput, { error: transactionTexts.idsRequired })
    .min(1, { error: transactionTexts.idsRequired })
    .max(1000),
});
export type TransactionBulkDeleteBody = z.input<typeof transactionBulkDeleteBody>;
export const transactionBulkDeleteResponse = msgResponse.extend({ count: z.number() });

// ---- single user transaction ------------------------------------------------------------

export const singleTransactionFormResponse = z.object({
  data: z.object({ colonies: z.array(colonyChoice), products: z.array(productChoice) }),
});
export type SingleTransactionFormResponse = z.infer<typeof singleTransactionFormResponse>;

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
export type SingleTransactionResponse = z.infer<typeof singleTransactionResponse>;

// ---- generate by colony -----------------------------------------------------------------

/** `today` is the date in the business time zone: the form's default. */
export const generateTransactionsFormResponse = z.object({ data: z.array(colonyChoice), today: dateOutput });
export type GenerateTransactionsFormResponse = z.infer<typeof generateTransactionsFormResponse>;

export const generateTransactionsBody = z.object({
  colony: requiredText(transactionTexts.generateRequired, MAX.code),
  date: requiredDate(transactionTexts.generateRequired),
});
export type GenerateTransactionsBody = z.input<typeof generateTransactionsBody>;

export const generateTransactionsResponse = msgResponse.extend({
  /** Customers that already had (some of) that day's transactions. */
  existingUsers: z.array(z.object({ customerId: z.number(), customerName: z.string() })),
  created: z.number(),
});
export type GenerateTransactionsResponse = z.infer<typeof generateTransactionsResponse>;

// ---- preview ----------------------------------------------------------------------------

export const transactionPreviewQuery = pageQuery(TRANSACTION_PREVIEW_PAGE_SIZE).extend({
  colony: requiredText('Please select a colony.', MAX.code),
  startDate: optionalDate,
});
export type TransactionPreviewQuery = z.input<typeof transactionPreviewQuery>;

export const transactionPreviewResponse = z.object({
  data: z.array(plannedTransaction),
  /** The date previewed (today in the business time zone when none was given). */
  date: dateOutput,
  total: z.number(),
  totalPages: z.number(),
});
export type TransactionPreviewResponse = z.infer<typeof transactionPreviewResponse>;

// ---- update -----------------------------------------------------------------------------

export const transactionUpdateFormResponse = z.object({
  transaction: transactionRow,
  products: z.array(productChoice),
  /** The rows of the transaction's product code. */
  days: z.array(dayChoice),
});
export type TransactionUpdateFormResponse = z.infer<typeof transactionUpdateFormResponse>;

export const transactionUpdateBody = z.object({
  transactionId: idInput,
  productId: requiredText('Please select a {product}.', MAX.code),
  combinationId: required(pickedId('Please select days.'), 'Please select days.'),
  price: price(transactionTexts.priceRequired),
  attendance: flagInput,
});
export type TransactionUpdateBody = z.input<typeof transactionUpdateBody>;
