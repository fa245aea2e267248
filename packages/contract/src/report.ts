import { z } from 'zod';
import { MAX, msgResponse, optionalText } from './common';
import { dateTexts, isDateInRange, isInstantInRange } from './dates';
import { money } from './money';
import { oneBasedMonthInput, yearInput, zeroBasedMonthInput } from './months';
import { billBalances, billLine } from './payment';
import { productCodeOption } from './product';
import { quantity } from './quantity';

export const reportTexts = {
  colonyRequired: 'Please select a colony.',
  dateRequired: 'Please select a date.',
  defaultersCreated: 'Defaulters data created successfully!',
  defaultersFailed: 'Unable to create defaulters data.',
  selectFilters: 'Please select filters to view data.',
  noData: 'No data available.',
  /** The daily report's own words, without the full stop. */
  noDailyData: 'No data available',
  exportFailed: 'Unable to export the PDF.',
} as const;

/** A colony code that must be given (the spec calls it colonyName or colony, docs/rules.md section 11). */
const colonyCode = z
  .string({ error: reportTexts.colonyRequired })
  .trim()
  .min(1, { error: reportTexts.colonyRequired })
  .max(MAX.code, { error: `Colony must be at most ${MAX.code} characters` });

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date `YYYY-MM-DD`, or an ISO date-time that the server reads as a date in its time zone. */
const dateOrDateTime = z
  .string({ error: reportTexts.dateRequired })
  .trim()
  .min(1, { error: reportTexts.dateRequired })
  .refine(
    (s) => {
      if (CALENDAR_DATE.test(s)) return new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
      return z.iso.datetime({ offset: true }).safeParse(s).success;
    },
    { error: 'Date must be YYYY-MM-DD or an ISO date-time', abort: true },
  )
  .refine((s) => (CALENDAR_DATE.test(s) ? isDateInRange(s) : isInstantInRange(s)), { error: dateTexts.outOfRange });

/** GET /reports: no colony (or a blank one) means every colony. */
export const dailyReportQuery = z.object({
  colonyId: optionalText(MAX.code),
  transactionDate: dateOrDateTime,
});

export const dailyReportRow = z.object({
  colonyCode: z.string(),
  colonyName: z.string(),
  productCode: z.string(),
  productName: z.string(),
  /** Delivered transactions (the spec's Total Consumptions). */
  transactionCount: z.number(),
  /** What they delivered: their quantities summed, in the code's unit (docs/rules.md section 23). */
  quantity,
  unit: z.string(),
});
export type DailyReportRow = z.output<typeof dailyReportRow>;
export const dailyReportResponse = z.object({ date: z.string(), report: z.array(dailyReportRow) });
export type DailyReportResponse = z.output<typeof dailyReportResponse>;

export const reportCustomer = z.object({
  customerId: z.number(),
  route: z.number(),
  customerName: z.string(),
  contactNumber: z.string(),
});

/** A customer without deliveries who still owes: the balance report and the defaulters preview. */
export const noTransactionRecord = z.object({
  customer: reportCustomer,
  totalDue: money,
  /** The lines of the customer's latest bill. */
  paymentProducts: z.array(billLine),
  /** 1-12; null when the customer never had a delivery. */
  lastTransactionMonth: z.number().nullable(),
  lastTransactionYear: z.number().nullable(),
});
export type NoTransactionRecord = z.output<typeof noTransactionRecord>;
export const noTransactionResponse = z.object({ data: z.array(noTransactionRecord) });
export type NoTransactionResponse = z.output<typeof noTransactionResponse>;

export const noBalanceQuery = z.object({ colonyName: colonyCode });

export const monthlyReportBody = z.object({
  colonyName: colonyCode,
  paymentMonth: zeroBasedMonthInput,
  paymentYear: yearInput,
});
export type MonthlyReportBody = z.input<typeof monthlyReportBody>;

/** A bill's lines of one product code: days, quantities and amounts summed (the monthly PDF's rows). */
export const productTotal = productCodeOption.extend({
  days: z.number(),
  quantity,
  amount: money,
});
export type ProductTotal = z.output<typeof productTotal>;

export const monthlyPaymentRecord = z.object({
  paymentId: z.number(),
  customer: reportCustomer,
  totalPrice: money,
  charges: money,
  /** productCharge is the summary line's first figure; balance is what is left (docs/rules.md section 9). */
  ...billBalances.shape,
  /** The lines grouped by product code, in the order the codes first appear. */
  productTotals: z.array(productTotal),
});
export type MonthlyPaymentRecord = z.output<typeof monthlyPaymentRecord>;

/** The sums of the month's bills; `balance` is what is left to collect from the whole colony. */
export const monthlyTotals = z.object({
  productCharge: money,
  charges: money,
  totalPrice: money,
  previousDue: money,
  paid: money,
  balance: money,
});
export type MonthlyTotals = z.output<typeof monthlyTotals>;
export const monthlyReportResponse = z.object({ data: z.array(monthlyPaymentRecord), totals: monthlyTotals });
export type MonthlyReportResponse = z.output<typeof monthlyReportResponse>;

/** GET /payments/previewDefaulters: the month is one-based here. */
export const previewDefaultersQuery = z.object({
  colony: colonyCode,
  month: oneBasedMonthInput,
  year: yearInput,
});

/** POST /payments/generateDefaulters: the month is zero-based here. */
export const generateDefaultersBody = z.object({
  colony: colonyCode,
  month: zeroBasedMonthInput,
  year: yearInput,
});
export type GenerateDefaultersBody = z.input<typeof generateDefaultersBody>;
export const generateDefaultersResponse = msgResponse.extend({ count: z.number() });
export type GenerateDefaultersResponse = z.output<typeof generateDefaultersResponse>;
