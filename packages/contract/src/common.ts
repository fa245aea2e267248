import { z } from 'zod';
import { dateTexts, isCalendarDate, isDateInRange } from './dates';

/**
 * Texts in this package say `{product}` where a person sees the configured product label
 * ("Milk"). The server and the web app replace it through `withProductLabel`, in one place each.
 */
export const PRODUCT_PLACEHOLDER = '{product}';

export function withProductLabel(text: string, label: string): string {
  return text.replaceAll(PRODUCT_PLACEHOLDER, label);
}

/** Length limits of docs/rules.md section 11. */
export const MAX = { code: 20, name: 100, address: 300, contact: 20, text: 1000 } as const;

/** The error body of every 4xx answer. */
export const errorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
/** The answers any call may give besides its own: a refused input (400), an unknown id (404), a rule (409). */
export const errorResponses = { 400: errorBody, 404: errorBody, 409: errorBody } as const;

export const msgResponse = z.object({ msg: z.string() });

/** The 409 of an update made from an older copy of a record (docs/rules.md section 18). */
export const STALE_RECORD = 'This record was changed by someone else. Reload to see the change.';
export type MsgResponse = z.infer<typeof msgResponse>;

/*
 * Field builders. Every request field is a codec: the server decodes what arrives on the wire
 * (numbers as JSON numbers or numeric strings, flags as 1/0 or true/false, blanks as absent), and
 * the web app encodes what it sends through the same schema, so the two sides cannot drift.
 */

/** Absent, null, or a string of white space: what "not filled in" means for every field. */
export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Decimal digits only: `Number()` alone would also read "0x10", "1e3" and "Infinity". */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A whole number that may arrive as a JSON number or a numeric string. `required` is the text
 * for a missing or blank value; `message` for anything else.
 */
export const intInput = (message = 'Must be a whole number', required = message) =>
  z.codec(
    z.union([z.number(), z.string()], { error: (issue) => (isBlank(issue.input) ? required : message) }),
    z.int({ error: message }),
    {
      decode: (value, ctx) => {
        const text = typeof value === 'string' ? value.trim() : value;
        if (text === '') ctx.issues.push({ code: 'custom', message: required, input: value });
        else if (typeof text === 'string' && !DECIMAL_TEXT.test(text))
          ctx.issues.push({ code: 'custom', message, input: value });
        else return Number(text);
        return z.NEVER;
      },
      encode: (n) => n,
    },
  );

/** Ids are PostgreSQL `serial`s: larger numbers cannot name a row. */
const MAX_ID = 2_147_483_647;

/** A positive id below the serial's limit; `message` for anything else. */
export const pickedId = (message: string) =>
  intInput(message).pipe(z.number().min(1, { error: message }).max(MAX_ID, { error: message }));

/** An id in a path or a body: a positive whole number. */
export const idInput = pickedId('Must be a valid id');
export const idParams = z.object({ id: idInput });

/** A 1/0 flag that may arrive as 1/0, "1"/"0" or true/false. Inside it is 0 or 1. */
export const flag = z.union([z.literal(0), z.literal(1)]);
export type Flag = z.infer<typeof flag>;
const FLAG_VALUES = new Map<unknown, Flag>([
  [1, 1],
  ['1', 1],
  [true, 1],
  ['true', 1],
  [0, 0],
  ['0', 0],
  [false, 0],
  ['false', 0],
]);
export const flagInput = z.codec(z.union([z.number(), z.string(), z.boolean()], { error: 'Must be 1 or 0' }), flag, {
  decode: (value, ctx) => {
    const f = FLAG_VALUES.get(value);
    if (f !== undefined) return f;
    ctx.issues.push({ code: 'custom', message: 'Must be 1 or 0', input: value });
    return z.NEVER;
  },
  encode: (f) => f,
});

/**
 * A field a form must fill: absent or blank gets `message`; anything else goes on to `schema`.
 * The one meaning of "required" for fields whose schema has other texts of its own.
 */
export const required = <T extends z.ZodType>(schema: T, message: string) =>
  z
    .unknown()
    .refine((v) => !isBlank(v), { error: message })
    .pipe(schema);

/** A field that may be left out: absent, null or blank count as absent. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.codec(z.unknown().optional(), schema.optional(), {
    decode: (v) => (isBlank(v) ? undefined : (v as z.input<T>)),
    encode: (v) => v,
  });

/** A field whose absence (absent, null or blank) means `fallback`. */
export const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.codec(z.unknown().optional(), schema, {
    decode: (v) => (isBlank(v) ? fallback : (v as z.input<T>)),
    encode: (v) => v,
  });

/** A required text: trimmed, `message` when missing or blank, at most `max` characters. */
export const requiredText = (message: string, max: number, maxMessage = `Must be at most ${max} characters`) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: maxMessage });

/**
 * The version of a record an update screen read (docs/rules.md section 18); an update that leaves it
 * out behaves as in part 1.
 */
export const versionInput = optional(
  intInput('version must be a whole number').pipe(z.number().min(1, { error: 'version must be 1 or more' })),
);

/** Optional text: trimmed, blank counts as absent. */
export const optionalText = (max: number = MAX.text) =>
  optional(
    z
      .string()
      .trim()
      .max(max, { error: `Must be at most ${max} characters` }),
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

/** The envelope fields every paginated list answers with. */
export const pageFields = { limit: z.number(), page: z.number(), total: z.number(), totalPages: z.number() };

/**
 * A calendar date `YYYY-MM-DD` between 2000 and 2099 (docs/rules.md section 24): every date a call
 * takes, filters included, is one of these. `message` is for anything that is not a date.
 */
export const dateInput = (message = 'Must be a date (YYYY-MM-DD)') =>
  z
    .string({ error: message })
    .trim()
    .refine(isCalendarDate, { error: message, abort: true })
    .refine(isDateInRange, { error: dateTexts.outOfRange });

/** A date a form must fill: missing gives `message`, a malformed one the date text. */
export const requiredDate = (message: string) => required(dateInput(), message);

export const dateOutput = z.string();

/** The most dates one period (a manual entry, a delivery change, a report) may span. */
export const MAX_PERIOD_DATES = 366;

/** How many dates lie from `from` to `to` inclusive; both `YYYY-MM-DD`, read as UTC. */
export function datesFromTo(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
}
