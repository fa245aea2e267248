import { z } from 'zod';

/**
 * Texts in this package say `{product}` where a person sees the configured product label
 * ("Milk"). The server and the web app replace it through `withProductLabel`, in one place each.
 */
export const PRODUCT_PLACEHOLDER = '{product}';

export function withProductLabel(text: string, label: string): string {
  return text.replaceAll(PRODUCT_PLACEHOLDER, label);
}

/** Length limits of DESIGN.md section 11. */
export const MAX = { code: 20, name: 100, address: 300, contact: 20, text: 1000 } as const;

/** The error body of every 4xx answer. */
export const errorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const msgResponse = z.object({ msg: z.string() });

/** Decimal digits only: `Number()` alone would also read "0x10", "1e3" and "Infinity". */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A whole number that may arrive as a JSON number or a numeric string. `required`, when given,
 * is the text for a missing or blank value; `message` is for anything else.
 */
export const intInput = (message = 'Must be a whole number', required = message) =>
  z.preprocess(
    (v) => (typeof v === 'string' && DECIMAL_TEXT.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: (issue) => (isBlank(issue.input) ? required : message) }).int({ error: message }),
  );

/** Ids are PostgreSQL `serial`s: larger numbers cannot name a row. */
const MAX_ID = 2_147_483_647;

/** An id in a path or a body: a positive whole number. */
export const idInput = intInput('Must be a valid id').pipe(
  z.number().min(1, { error: 'Must be a valid id' }).max(MAX_ID, { error: 'Must be a valid id' }),
);
export const idParams = z.object({ id: idInput });

/** A 1/0 flag that may arrive as 1/0, "1"/"0" or true/false. Output is 0 or 1. */
export const flagInput = z.preprocess(
  (v) => {
    if (v === true || v === 'true' || v === 1 || v === '1') return 1;
    if (v === false || v === 'false' || v === 0 || v === '0') return 0;
    return v;
  },
  z.union([z.literal(0), z.literal(1)], { error: 'Must be 1 or 0' }),
);
export const flag = z.union([z.literal(0), z.literal(1)]);

/** Optional query text: blank counts as absent. */
export const optionalText = (max: number = MAX.text) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(max, { error: `Must be at most ${max} characters` })
      .optional(),
  );

/** `limit` and `offset` (the page number, from 1) of every list call. */
export const pageQuery = (defaultLimit: number) =>
  z.object({
    limit: intInput('limit must be a whole number')
      .pipe(
        z
          .number()
          .min(1, { error: 'limit must be between 1 and 1000' })
          .max(1000, { error: 'limit must be between 1 and 1000' }),
      )
      .default(defaultLimit),
    offset: intInput('offset must be a whole number')
      .pipe(z.number().min(1, { error: 'offset is the page number and starts at 1' }))
      .default(1),
  });

/** A calendar date `YYYY-MM-DD`. */
export const dateInput = (message = 'Must be a date (YYYY-MM-DD)') =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine(
      (s) => {
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
      },
      { error: message },
    );

export const dateOutput = z.string();
