import { z } from 'zod';
import { intInput } from './common';
import { dateTexts, isYearInRange } from './dates';

/**
 * The spec numbers months differently call by call (zero-based in some, one-based in others).
 * Inside the product a month is always 1-12; these schemas convert at the API edge, and
 * nowhere else. docs/rules.md section 2 lists which call uses which.
 */
export type Month = number; // 1 = January … 12 = December

const monthMessage = 'Month must be between 1 and 12';
const zeroMonthMessage = 'Month must be between 0 and 11';

const month = z.int().min(1, { error: monthMessage }).max(12, { error: monthMessage });

/** A zero-based month (0 = January) on the wire, 1-12 inside. */
export const zeroBasedMonthInput = z.codec(
  intInput(zeroMonthMessage).pipe(z.number().min(0, { error: zeroMonthMessage }).max(11, { error: zeroMonthMessage })),
  month,
  { decode: (m): Month => m + 1, encode: (m) => m - 1 },
);

/** A one-based month (1 = January) on the wire, 1-12 inside. */
export const oneBasedMonthInput = intInput(monthMessage).pipe(month);

/** A month in a response that the spec numbers from 0 (`paymentMonth`): 1-12 inside. */
export const zeroBasedMonth = z.codec(z.int(), month, { decode: (m): Month => m + 1, encode: (m) => m - 1 });

/** Until every response names `zeroBasedMonth`: a month turned by hand. */
export function toZeroBasedMonth(month: Month): number {
  return month - 1;
}

/** A year of a month and year: 2000-2099, as every date a call takes (docs/rules.md section 24). */
export const yearInput = intInput('Year must be a whole number').refine(isYearInRange, {
  error: dateTexts.outOfRange,
});

/** A month as `YYYY-MM` (`message` for another shape), its year as `yearInput`'s. */
export const yearMonthInput = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: message, abort: true })
    .refine((text) => isYearInRange(Number(text.slice(0, 4))), { error: dateTexts.outOfRange });
