import { z } from 'zod';
import { colonyOption } from './colony';
import {
  idInput,
  MAX,
  msgResponse,
  optional,
  optionalText,
  pageFields,
  pageQuery,
  required,
  withDefault,
} from './common';
import { customerOfRow } from './customer';
import { atMostText, money, moneyInput, type Paise, rupeeText } from './money';
import { oneBasedMonthInput, yearInput, zeroBasedMonth, zeroBasedMonthInput } from './months';
import { productCodeOption } from './product';
import { type Hundredths, quantity, quantityWithUnit } from './quantity';

export const PAYMENT_PAGE_SIZE = 20;

/** How old a payment's taken time may be when it arrives (docs/rules.md section 20). */
export const TAKEN_AT_DAYS = 7;
/** How far ahead of the server's clock a phone's may run before its time counts as the future. */
export const TAKEN_AT_CLOCK_DRIFT_MS = 5 * 60_000;

export const paymentTexts = {
  selectAll: 'Please select all fields.',
  colonyRequired: 'Please select a colony.',
  chargesMin: 'Service Charges must be 0 or more',
  chargesMax: atMostText('Service Charges'),
  amountRequired: 'Please enter the payment amount.',
  amountMin: 'Payment amount must be more than 0',
  amountMax: atMostText('Payment amount'),
  /** A sign typed where Negative is offered: the mode says which way the money goes (docs/rules.md section 23). */
  amountSigned: 'Enter the amount without a sign; choose Negative for a refund.',
  /** Shown before Submit when an amount is more than the customer owes now (docs/rules.md section 23). */
  advance: (excess: Paise) => `${rupeeText(excess)} more than the balance: it will be kept as an advance.`,
  modeInvalid: 'Payment mode must be positive or negative',
  statusInvalid: 'Payment status must be all, paid or unpaid',
  idsRequired: 'Select at least one payment.',
  startYearRequired: 'Choose a Start Year with the Start Month.',
  endYearRequired: 'Choose an End Year with the End Month.',
  customerNotFound: 'Customer not found',
  paymentNotFound: 'Payment not found',
  deleted: 'Successfully Deleted Payment',
  deleteFailed: 'Unable to Delete Payment',
  deleteError: 'Error occurred while deleting payment.',
  bulkDeleted: 'Selected records deleted!',
  bulkDeleteFailed: 'Bulk delete failed!',
  coloniesFailed: 'Failed to fetch colony data.',
  noPreview: 'No data available for preview.',
  previewFailed: 'Failed to fetch preview data.',
  generated: 'Payments generated successfully!',
  /** Generate Payment's first colony choice: every enabled colony, each with its own service charge. */
  allColonies: 'All colonies',
  /** The service charge field when all colonies are chosen. */
  eachColonyCharge: "Each colony's own",
  generateFailed: 'Failed to generate payments.',
  generateError: 'Error generating payments.',
  /** docs/rules.md section 20: a payment taken offline arrives later, but not from the future or too late. */
  takenAtRange: `The time the payment was taken must be within the last ${TAKEN_AT_DAYS} days.`,
  received: 'Successfully Received Amount',
  receiveFailed: 'Payment failed',
  receiveError: 'Something went wrong',
  selectFilters: 'Please select colony, month and year.',
  noPayments: 'No payments found.',
  noRecords: 'No records found. Check the filters.',
  /** A bill's own Delete (Payment Information, Users Payments Details). */
  deleteBill: 'Delete bill',
} as const;

export const PAYMENT_MODES = ['positive', 'negative'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const PAYMENT_STATUSES = ['all', 'paid', 'unpaid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const colonyField = (message: string) => required(z.string().trim().max(MAX.code), message);

// ---- Rows ----

/**
 * A line of a bill (docs/rules.md section 12): one product row at one price, its delivered days, the
 * quantities delivered on them summed, and what that comes to (price × quantity rounded once to
 * the paisa, computed by the server). Bills, the payment preview and the reports share it.
 */
export const billLine = z.object({
  /** With the product code's unit ('L'). */
  ...productCodeOption.shape,
  price: money,
  /** Delivered days. */
  attendance: z.number(),
  /** The delivered quantities summed. */
  quantity,
  amount: money,
});
export type BillLine = z.output<typeof billLine>;

/**
 * A bill line's quantity as screens and PDFs show it: "45 L (30 days)". A line sums quantities
 * that may differ from day to day (a quantity change, a day's extra), so the month's quantity is
 * shown with its days rather than as a daily figure; price × that quantity is the line's amount.
 */
export function lineQuantityText(line: { quantity: Hundredths; attendance: number; unit: string }): string {
  return `${quantityWithUnit(line.quantity, line.unit)} (${line.attendance} ${line.attendance === 1 ? 'day' : 'days'})`;
}

export const paymentCustomer = z.object({
  ...customerOfRow.shape,
  contactNumber: z.string(),
  colonyCode: z.string(),
});

/** What a bill asks for and has had paid, with its lines. */
export const billBalances = z.object({
  /** Negative means a credit. */
  previousDue: money,
  paid: money,
  due: money,
  /** totalPrice - charges: what the deliveries come to (a monthly report's Amount column). */
  productCharge: money,
  /** due + previousDue (totalPrice + previousDue - paid): what is left to collect; negative is a credit. */
  balance: money,
  paymentProducts: z.array(billLine),
});

/** A bill with its derived balances. `paymentMonth` is zero-based (0 = January) on the wire. */
export const paymentRow = z.object({
  paymentId: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  customer: paymentCustomer,
  paymentMonth: zeroBasedMonth,
  paymentYear: z.number(),
  charges: money,
  totalPrice: money,
  ...billBalances.shape,
});
export type PaymentRow = z.output<typeof paymentRow>;

// ---- GET /payments ----

export const paymentListQuery = pageQuery(PAYMENT_PAGE_SIZE).extend({
  colonyCode: optionalText(MAX.code),
  paymentMonth: optional(zeroBasedMonthInput),
  paymentYear: optional(yearInput),
});
export type PaymentListQuery = z.input<typeof paymentListQuery>;
export const paymentListResponse = z.object({ rows: z.array(paymentRow), ...pageFields });
export type PaymentListResponse = z.output<typeof paymentListResponse>;

// ---- DELETE /payments/delete ----

export const paymentBulkDeleteBody = z.object({
  ids: z.array(idInput, { error: paymentTexts.idsRequired }).min(1, { error: paymentTexts.idsRequired }).max(1000),
});
export const paymentDeleteResponse = msgResponse.extend({ count: z.number() });
export type PaymentDeleteResponse = z.output<typeof paymentDeleteResponse>;

// ---- Generate and preview (one-based month) ----

/** The colonies Generate Payment offers: the colony option, with its service charge. */
export const paymentColoniesResponse = z.object({ data: z.array(colonyOption.omit({ Customers: true })) });
export type PaymentColoniesResponse = z.output<typeof paymentColoniesResponse>;

/** `charges` is the service charge; absent means the colony's. */
export const generatePaymentsBody = z.object({
  colony: colonyField(paymentTexts.selectAll),
  month: required(oneBasedMonthInput, paymentTexts.selectAll),
  year: required(yearInput, paymentTexts.selectAll),
  charges: optional(
    moneyInput({
      required: paymentTexts.chargesMin,
      min: { paise: 0, message: paymentTexts.chargesMin },
      max: paymentTexts.chargesMax,
    }),
  ),
});
export type GeneratePaymentsBody = z.input<typeof generatePaymentsBody>;

export const previewPaymentRow = z.object({
  ...customerOfRow.shape,
  charges: money,
  /** totalPrice - charges */
  productCharge: money,
  totalPrice: money,
  products: z.array(billLine),
});
export type PreviewPaymentRow = z.output<typeof previewPaymentRow>;
export const previewPaymentsResponse = z.object({
  data: z.array(previewPaymentRow),
  /** The colony's total row: the sums of the bills previewed. */
  totals: z.object({ bills: z.number(), productCharge: money, charges: money, totalPrice: money }),
});
export type PreviewPaymentsResponse = z.output<typeof previewPaymentsResponse>;

export const generatePaymentsResponse = msgResponse.extend({
  /** Bills written (new or brought up to date). */
  count: z.number(),
  /** Bills of customers with no delivery left in the month, removed by regeneration. */
  removed: z.number(),
});
export type GeneratePaymentsResponse = z.output<typeof generatePaymentsResponse>;

// ---- Generate every colony (docs/rules.md section 17; months 1-12) ----

export const generateAllPaymentsBody = z.object({
  month: required(oneBasedMonthInput, paymentTexts.selectAll),
  year: required(yearInput, paymentTexts.selectAll),
});
export type GenerateAllPaymentsBody = z.input<typeof generateAllPaymentsBody>;

const billSums = { bills: z.number(), productCharge: money, charges: money, totalPrice: money };

/** What billing every enabled colony would write: a row per colony (code order) and the total row. */
export const previewAllPaymentsResponse = z.object({
  month: z.number(),
  year: z.number(),
  colonies: z.array(z.object({ colonyCode: z.string(), colonyName: z.string(), ...billSums })),
  totals: z.object(billSums),
});
export type PreviewAllPaymentsResponse = z.output<typeof previewAllPaymentsResponse>;

/** Bills written per enabled colony, in code order. */
export const generateAllPaymentsResponse = z.object({
  month: z.number(),
  year: z.number(),
  colonies: z.array(z.object({ colonyCode: z.string(), billed: z.number() })),
});
export type GenerateAllPaymentsResponse = z.output<typeof generateAllPaymentsResponse>;

// ---- A colony's months (docs/rules.md section 23; months 1-12) ----

/** GET /payments/latestBill: where Receiving Payments and Collection Entry start their month. */
export const latestBillQuery = z.object({ colonyCode: colonyField(paymentTexts.colonyRequired) });
export type LatestBillQuery = z.input<typeof latestBillQuery>;
/** The month (1-12) and year of the colony's latest bill; both null while it has none. */
export const latestBillResponse = z.object({ month: z.number().nullable(), year: z.number().nullable() });
export type LatestBillResponse = z.output<typeof latestBillResponse>;

/** GET /payments/totals: Payment Information's total row, over every bill of the colony's month. */
export const paymentTotalsQuery = z.object({
  colonyCode: colonyField(paymentTexts.colonyRequired),
  month: required(oneBasedMonthInput, paymentTexts.selectAll),
  year: required(yearInput, paymentTexts.selectAll),
});
export type PaymentTotalsQuery = z.input<typeof paymentTotalsQuery>;
/** The sums of the bills' figures, as each bill row carries them. */
export const paymentTotalsResponse = z.object({
  bills: z.number(),
  previousDue: money,
  productCharge: money,
  charges: money,
  totalPrice: money,
  paid: money,
  due: money,
  balance: money,
});
export type PaymentTotalsResponse = z.output<typeof paymentTotalsResponse>;

// ---- Receiving payments (zero-based month) ----

export const receivingFormBody = z.object({
  customerId: required(idInput, paymentTexts.selectAll),
  month: required(zeroBasedMonthInput, paymentTexts.selectAll),
  year: required(yearInput, paymentTexts.selectAll),
});
export type ReceivingFormBody = z.input<typeof receivingFormBody>;

/**
 * When a collector took a payment (docs/rules.md section 20): a date-time with its offset, not
 * in the future (a phone's clock may run a few minutes ahead) and at most 7 days old.
 */
export const takenAtInput = z.iso.datetime({ offset: true, error: paymentTexts.takenAtRange }).refine(
  (iso) => {
    const at = Date.parse(iso);
    const now = Date.now();
    return at <= now + TAKEN_AT_CLOCK_DRIFT_MS && at >= now - TAKEN_AT_DAYS * 86_400_000;
  },
  { error: paymentTexts.takenAtRange },
);

export const receivePaymentBody = receivingFormBody.extend({
  receivingPayment: moneyInput({
    required: paymentTexts.amountRequired,
    min: { paise: 1, message: paymentTexts.amountMin },
    max: paymentTexts.amountMax,
  }),
  paymentMode: z.enum(PAYMENT_MODES, { error: paymentTexts.modeInvalid }),
  takenAt: optional(takenAtInput),
});
export type ReceivePaymentBody = z.input<typeof receivePaymentBody>;

/**
 * A payment amount as a person types it (docs/rules.md section 23: no sign is ever dropped). Where
 * Negative is offered a typed sign is refused in its own words, as the mode says which way the
 * money goes; elsewhere a minus sign is below the call's minimum. Then the call's own rules.
 */
export function typedPaymentAmount({ negativeOffered }: { negativeOffered: boolean }) {
  const amount = receivePaymentBody.shape.receivingPayment;
  if (!negativeOffered) return amount;
  return z
    .union([z.number(), z.string()])
    .refine((typed) => !/^\s*[-+]/.test(String(typed)), { error: paymentTexts.amountSigned, abort: true })
    .pipe(amount);
}

/** What of a receipt goes beyond what the customer owes now (a credit owes nothing): kept as an advance. */
export function advanceOf(amount: Paise, dueNow: Paise): Paise {
  return Math.max(0, amount - Math.max(0, dueNow));
}

/** The receiving screen's summary of one period (docs/rules.md section 6). */
export const periodSummary = z.object({
  /** The bill of the period, or null when it has none (what is received is kept as an advance). */
  paymentId: z.number().nullable(),
  totalPrice: money,
  previousDue: money,
  /** totalPrice + previousDue */
  total: money,
  paid: money,
  /** total - paid */
  balance: money,
  /** totalPrice - paid */
  due: money,
});
export type PeriodSummary = z.output<typeof periodSummary>;

export const receivingFormResponse = z.object({
  currentBill: periodSummary,
  customer: z.object({ customerId: z.number(), customerName: z.string(), paid: money, due: money }),
});
export type ReceivingFormResponse = z.output<typeof receivingFormResponse>;
export const receivePaymentResponse = receivingFormResponse.extend({ msg: z.string() });
export type ReceivePaymentResponse = z.output<typeof receivePaymentResponse>;

// ---- GET /payments/paymentDetails (zero-based months) ----

export const paymentDetailsQuery = pageQuery(PAYMENT_PAGE_SIZE)
  .extend({
    startMonth: optional(zeroBasedMonthInput),
    startYear: optional(yearInput),
    endMonth: optional(zeroBasedMonthInput),
    endYear: optional(yearInput),
    colony: optionalText(MAX.code),
    customerId: optional(idInput),
    paymentStatus: withDefault(z.enum(PAYMENT_STATUSES, { error: paymentTexts.statusInvalid }), 'all'),
  })
  .superRefine((q, ctx) => {
    if (q.startMonth !== undefined && q.startYear === undefined)
      ctx.addIssue({ code: 'custom', path: ['startYear'], message: paymentTexts.startYearRequired });
    if (q.endMonth !== undefined && q.endYear === undefined)
      ctx.addIssue({ code: 'custom', path: ['endYear'], message: paymentTexts.endYearRequired });
  });
export type PaymentDetailsQuery = z.input<typeof paymentDetailsQuery>;

export const paymentDetailsResponse = z.object({
  result: z.array(paymentRow),
  limit: z.number(),
  page: z.number(),
  totalCount: z.number(),
  totalPages: z.number(),
});
export type PaymentDetailsResponse = z.output<typeof paymentDetailsResponse>;

// ---- Collection entry: many receipts at once (docs/rules.md section 13; months 1-12) ----

/** The most receipts one call may record: a large colony's customers. */
export const MAX_RECEIPTS_AT_ONCE = 5_000;

export const receiveManyTexts = {
  entriesRequired: 'Enter at least one amount.',
  entriesMax: `At most ${MAX_RECEIPTS_AT_ONCE} payments at once.`,
  customerRequired: 'Please select a customer.',
  /** A problem of one entry, named by its row (1 is the first entry sent). */
  row: (row: number, message: string) => `Row ${row}: ${message}`,
} as const;

const receiptAmount = moneyInput({
  required: paymentTexts.amountRequired,
  min: { paise: 1, message: paymentTexts.amountMin },
  max: paymentTexts.amountMax,
});

const receiptEntry = z.object({ customerId: idInput, amount: z.int(), takenAt: z.string().optional() });
type ReceiptEntry = z.output<typeof receiptEntry>;

/**
 * The entries of receiveMany. Each problem names its row in its message (and its path,
 * `entries.17.amount`), so one bad amount among fifty is found at once.
 */
const receiptEntries = z.codec(
  z
    .array(z.unknown(), { error: receiveManyTexts.entriesRequired })
    .min(1, { error: receiveManyTexts.entriesRequired })
    .max(MAX_RECEIPTS_AT_ONCE, { error: receiveManyTexts.entriesMax }),
  z.array(receiptEntry),
  {
    decode: (entries, ctx) => {
      const decoded: ReceiptEntry[] = [];
      entries.forEach((entry, i) => {
        const fields = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
        const problem = (field: string, message: string) =>
          ctx.issues.push({
            code: 'custom',
            path: [i, field],
            message: receiveManyTexts.row(i + 1, message),
            input: entry,
          });
        const customerId = required(idInput, receiveManyTexts.customerRequired).safeParse(fields.customerId);
        const amount = receiptAmount.safeParse(fields.amount);
        const takenAt = optional(takenAtInput).safeParse(fields.takenAt);
        if (!customerId.success) problem('customerId', customerId.error.issues[0]?.message ?? 'Invalid value');
        if (!amount.success) problem('amount', amount.error.issues[0]?.message ?? 'Invalid value');
        if (!takenAt.success) problem('takenAt', takenAt.error.issues[0]?.message ?? 'Invalid value');
        if (customerId.success && amount.success && takenAt.success)
          decoded.push({ customerId: customerId.data, amount: amount.data, takenAt: takenAt.data });
      });
      return decoded.length === entries.length ? decoded : z.NEVER;
    },
    encode: (entries) =>
      entries.map((e) => ({ customerId: e.customerId, amount: z.encode(receiptAmount, e.amount), takenAt: e.takenAt })),
  },
);

export const receiveManyBody = z.object({
  month: required(oneBasedMonthInput, paymentTexts.selectAll),
  year: required(yearInput, paymentTexts.selectAll),
  entries: receiptEntries,
});
export type ReceiveManyBody = z.input<typeof receiveManyBody>;

/** Receipts recorded and their sum. */
export const receiveManyResponse = z.object({ received: z.number(), total: money });
export type ReceiveManyResponse = z.output<typeof receiveManyResponse>;
