import { z } from 'zod';
import { MAX, optionalText } from './common';
import { money } from './money';
import { oneBasedMonthInput, yearInput, zeroBasedMonthInput } from './months';

export const reportTexts = {
  colonyRequired: 'Please select a colony.',
  dateRequired: 'Please select a date.',
  defaultersCreated: 'Defaulters data created successfully!',
} as const;

/** A colony code that must be given (the spec calls it colonyName or colony, DESIGN.md section 11). */
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
    { error: 'Date must be YYYY-MM-DD or an ISO date-time' },
  );

/** GET /reports: no colony means every colony. */
export const dailyReportQuery = z.object({
  colonyId: optionalText(MAX.code),
  transactionDate: dateOrDateTime,
});

export const dailyReportRow = z.object({
  colonyCode: z.string(),
  colonyName: z.string(),
  productCode: z.string(),
  productName: z.string(),
  transactionCount: z.number(),
});
export type DailyReportRow = z.infer<typeof dailyReportRow>;
export const dailyReportResponse = z.object({ date: z.string(), report: z.array(dailyReportRow) });

/** A line of a bill as the reports show it. */
export const reportLine = z.object({
  productCode: z.string(),
  productName: z.string(),
  price: money,
  attendance: z.number(),
});
export type ReportLine = z.infer<typeof reportLine>;

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
  paymentProducts: z.array(reportLine),
  /** 1-12; null when the customer never had a delivery. */
  lastTransactionMonth: z.number().nullable(),
  lastTransactionYear: z.number().nullable(),
});
export type NoTransactionRecord = z.infer<typeof noTransactionRecord>;
export const noTransactionResponse = z.object({ data: z.array(noTransactionRecord) });

export const noBalanceQuery = z.object({ colonyName: colonyCode });

export const monthlyReportBody = z.object({
  colonyName: colonyCode,
  paymentMonth: zeroBasedMonthInput,
  paymentYear: yearInput,
});
export type MonthlyReportBody = z.input<typeof monthlyReportBody>;

export const monthlyPaymentRecord = z.object({
  paymentId: z.number(),
  customer: reportCustomer,
  totalPrice: money,
  charges: money,
  /** Negative means a credit. */
  previousDue: money,
  paid: money,
  due: money,
  paymentProducts: z.array(reportLine),
});
export type MonthlyPaymentRecord = z.infer<typeof monthlyPaymentRecord>;
export const monthlyReportResponse = z.object({ data: z.array(monthlyPaymentRecord) });

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
export const generateDefaultersResponse = z.object({ msg: z.string(), count: z.number() });
