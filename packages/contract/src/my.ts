import { z } from 'zod';
import { changeFields, changeRow, changeRules } from './change';
import { dateInput, dateOutput, datesFromTo, idInput, optional, required } from './common';
import { money } from './money';
import { oneBasedMonthInput, yearInput } from './months';
import { monthName } from './periods';
import { productCodeOption } from './product';
import { quantity } from './quantity';
import { statementResponse, statementTexts } from './statement';

/*
 * The customer's own page (docs/rules.md section 19): calls made with the link's token instead of
 * a sign-in. They answer about the token's customer alone.
 */

/** The most days one change from the page may cover (its to date at most 91 days after its from date). */
export const MAX_CHANGE_DAYS = 92;
/** How far back the page's statements go: the current month and the 23 before it. */
export const STATEMENT_MONTHS = 24;
/** How many months of bills the page lists, the current one included. */
export const PAGE_MONTHS = 12;

/** "26 November": a date as the page's messages name it. */
export function dayAndMonth(date: string): string {
  return `${Number(date.slice(8, 10))} ${monthName(Number(date.slice(5, 7)))}`;
}

export const myTexts = {
  notValid: 'This link is no longer valid. Ask your dairy for a new one.',
  tooManyCalls: 'Too many requests. Wait a minute and try again.',
  tooManyUnknown: 'Too many attempts. Try again in a few minutes.',
  statementsBack: `Statements go back ${STATEMENT_MONTHS} months.`,
  tooLong: `A change can cover at most ${MAX_CHANGE_DAYS} days.`,
  stopped: 'Deliveries have stopped for this account. Call the dairy.',
  started: 'This change has started. Call the dairy to change it.',
  byDairy: 'This change was made by the dairy. Call the dairy to change it.',
  /** A change reaching a date whose changes have closed. */
  closed: (date: string, cutoffTime: string, earliestDate: string) =>
    `Changes for ${dayAndMonth(date)} closed at ${cutoffTime} the day before. ` +
    `The earliest day you can change is ${dayAndMonth(earliestDate)}.`,
  /** Who the page names as the author of a change the office made. */
  dairy: 'dairy',
} as const;

export const myTokenParams = z.object({ token: z.string() });
export const myChangeParams = z.object({ token: z.string(), changeId: idInput });

// ---- GET /api/my/:token -------------------------------------------------------------------

/** Section 14's statement, without the office's WhatsApp link. */
export const myStatement = statementResponse.omit({ whatsappLink: true });
export type MyStatement = z.output<typeof myStatement>;

export const myConsumption = z.object({
  consumptionId: z.number(),
  ...productCodeOption.shape,
  quantity,
  /** The days it is delivered on, as its combination writes them. */
  days: z.string(),
});

/** A bill of one of the last 12 months. */
export const myMonth = z.object({
  month: z.number(),
  year: z.number(),
  totalPrice: money,
  paid: money,
  balance: money,
});

export const myPageResponse = z.object({
  business: z.object({ businessName: z.string(), phone: z.string() }),
  customer: z.object({
    customerName: z.string(),
    route: z.number(),
    colonyName: z.string(),
    address: z.string(),
    language: z.string(),
  }),
  today: dateOutput,
  cutoff: z.object({ time: z.string(), earliestDate: dateOutput }),
  consumptions: z.array(myConsumption),
  statement: myStatement,
  /** Running and upcoming changes, by from date. */
  changes: z.array(changeRow),
  /** Bills of the last 12 calendar months, the current one included, newest first. */
  months: z.array(myMonth),
});
export type MyPageResponse = z.output<typeof myPageResponse>;

// ---- GET /api/my/:token/statement ---------------------------------------------------------

export const myStatementQuery = z.object({
  month: required(oneBasedMonthInput, statementTexts.monthRequired),
  year: required(yearInput, statementTexts.yearRequired),
});
export type MyStatementQuery = z.input<typeof myStatementQuery>;

// ---- POST /api/my/:token/changes, PUT and DELETE /api/my/:token/changes/:changeId ------------

/** A change from the page: section 12's fields and rules for the token's customer, at most 92 days. */
export const myChangeBody = changeFields.omit({ customerId: true }).superRefine((body, ctx) => {
  if (body.toDate && body.toDate >= body.fromDate && datesFromTo(body.fromDate, body.toDate) > MAX_CHANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: myTexts.tooLong });
  changeRules(body, ctx);
});
export type MyChangeBody = z.input<typeof myChangeBody>;
export type MyChangeValues = z.output<typeof myChangeBody>;

/** A new end for a change; left out, a pause runs until further notice. */
export const myChangeEndBody = z.object({ toDate: optional(dateInput()) });
export type MyChangeEndBody = z.input<typeof myChangeEndBody>;

export const myChangeSavedResponse = z.object({ change: changeRow });
export type MyChangeSavedResponse = z.output<typeof myChangeSavedResponse>;

export const myChangeDeletedResponse = z.object({ deleted: z.literal(1) });
export type MyChangeDeletedResponse = z.output<typeof myChangeDeletedResponse>;
