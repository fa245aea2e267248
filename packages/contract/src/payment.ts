import { z } from 'zod';
import { flag, idInput, MAX, optional, optionalText, pageQuery, required, withDefault } from './common';
import { atMostText, money, moneyInput } from './money';
import { oneBasedMonthInput, yearInput, zeroBasedMonth, zeroBasedMonthInput } from './months';

export const PAYMENT_PAGE_SIZE = 20;

export const paymentTexts = {
  selectAll: 'Please select all fields.',
  chargesMin: 'Service Charges must be 0 or more',
  chargesMax: atMostText('Service Charges'),
  amountRequired: 'Please enter the payment amount.',
  amountMin: 'Payment amount must be more than 0',
  amountMax: atMostText('Payment amount'),
  modeInvalid: 'Payment mode must be positive or negative',
  statusInvalid: 'Payment status must be all, paid or unpaid',
  idsRequired: 'Select at least one payment.',
  startYearRequired: 'Choose a Start Year with the Start Month.',
  endYearRequired: 'Choose an End Year with the End Month.',
  customerNotFound: 'Customer not found',
  paymentNotFound: 'Payment not found',
  deleted: 'Successfully Deleted Payment',
  bulkDeleted: 'Selected records deleted!',
  generated: 'Payments generated successfully!',
  received: 'Successfully Received Amount',
} as const;

export const PAYMENT_MODES = ['positive', 'negative'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const PAYMENT_STATUSES = ['all', 'paid', 'unpaid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const colonyField = (message: string) => required(z.string().trim().max(MAX.code), message);

// ---- Rows ----

export const paymentLine = z.object({
  productCode: z.string(),
  productName: z.string(),
  price: money,
  attendance: z.number(),
});
export type PaymentLine = z.infer<typeof paymentLine>;

export const paymentCustomer = z.object({
  customerId: z.number(),
  customerName: z.string(),
  route: z.number(),
  contactNumber: z.string(),
  colonyCode: z.string(),
});

/** A bill with its derived balances. `paymentMonth` is zero-based (0 = January). */
export const paymentRow = z.object({
  paymentId: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  customer: paymentCustomer,
  paymentMonth: zeroBasedMonth,
  paymentYear: z.number(),
  charges: money,
  totalPrice: money,
  previousDue: money,
  paid: money,
  due: money,
  paymentProducts: z.array(paymentLine),
});
export type PaymentRow = z.infer<typeof paymentRow>;

// ---- GET /payments ----

export const paymentListQuery = pageQuery(PAYMENT_PAGE_SIZE).extend({
  colonyCode: optionalText(MAX.code),
  paymentMonth: optional(zeroBasedMonthInput),
  paymentYear: optional(yearInput),
});
export const paymentListResponse = z.object({
  rows: z.array(paymentRow),
  limit: z.number(),
  page: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type PaymentListResponse = z.infer<typeof paymentListResponse>;

// ---- DELETE /payments/delete ----

export const paymentBulkDeleteBody = z.object({
  ids: z.array(idInput, { error: paymentTexts.idsRequired }).min(1, { error: paymentTexts.idsRequired }).max(1000),
});
export const paymentDeleteResponse = z.object({ msg: z.string(), count: z.number() });

// ---- Generate and preview (one-based month) ----

export const paymentColony = z.object({
  colonyCode: z.string(),
  colonyName: z.string(),
  charges: money,
  disable: flag,
});
export const paymentColoniesResponse = z.object({ data: z.array(paymentColony) });

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
  customerId: z.number(),
  customerName: z.string(),
  route: z.number(),
  charges: money,
  totalPrice: money,
  products: z.array(paymentLine),
});
export type PreviewPaymentRow = z.infer<typeof previewPaymentRow>;
export const previewPaymentsResponse = z.object({ data: z.array(previewPaymentRow) });

export const generatePaymentsResponse = z.object({
  msg: z.string(),
  /** Bills written (new or brought up to date). */
  count: z.number(),
  /** Bills of customers with no delivery left in the month, removed by regeneration. */
  removed: z.number(),
});

// ---- Receiving payments (zero-based month) ----

export const receivingFormBody = z.object({
  customerId: required(idInput, paymentTexts.selectAll),
  month: required(zeroBasedMonthInput, paymentTexts.selectAll),
  year: required(yearInput, paymentTexts.selectAll),
});
export type ReceivingFormBody = z.input<typeof receivingFormBody>;

export const receivePaymentBody = receivingFormBody.extend({
  receivingPayment: moneyInput({
    required: paymentTexts.amountRequired,
    min: { paise: 1, message: paymentTexts.amountMin },
    max: paymentTexts.amountMax,
  }),
  paymentMode: z.enum(PAYMENT_MODES, { error: paymentTexts.modeInvalid }),
});
export type ReceivePaymentBody = z.input<typeof receivePaymentBody>;

/** The receiving screen's summary of one period (DESIGN.md section 6). */
export const periodSummary = z.object({
  /** The bill of the period, or null when it has none. */
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
export type PeriodSummary = z.infer<typeof periodSummary>;

export const receivingFormResponse = z.object({
  currentBill: periodSummary,
  customer: z.object({ customerId: z.number(), customerName: z.string(), paid: money, due: money }),
});
export type ReceivingFormResponse = z.infer<typeof receivingFormResponse>;
export const receivePaymentResponse = receivingFormResponse.extend({ msg: z.string() });

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
export type PaymentDetailsResponse = z.infer<typeof paymentDetailsResponse>;
