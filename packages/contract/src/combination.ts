import { z } from 'zod';
import { flag, idInput, msgResponse, versionInput } from './common';

export const COMBINATION_PAGE_SIZE = 1000;

/** The 10 day choices, in their canonical order. */
export const DAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'Monthly',
  'Weekly',
  'Special',
] as const;
export type DayName = (typeof DAY_NAMES)[number];

export const combinationTexts = {
  daysRequired: 'Please select at least one day.',
  unknownDay: `Days must be among ${DAY_NAMES.join(', ')}`,
  duplicate: 'A combination with these days already exists.',
  notFound: 'Combination not found',
  deleteActive: 'Disable the combination before deleting it.',
  inUse: 'This combination is used by a {product} and cannot be deleted.',
  added: 'Successfully added the Combinations.',
  addFailed: 'Unable to add the Combinations.',
  addFailedInline: 'Failed to add combinations. Please try again.',
  updated: 'Combinations Update Successfully.',
  updateFailed: 'Unable to update the Combinations.',
  disabledOk: 'Combination disabled successfully!',
  enabledOk: 'Combination enabled successfully!',
  deletedOk: 'Combination deleted successfully!',
  actionDone: 'Action executed successfully!',
  actionFailed: 'Failed to execute action',
  loadFailed: 'Failed to fetch data',
} as const;

/** Day names in canonical order without repeats, joined by ", ". */
export function canonicalDays(days: readonly string[]): string {
  const chosen = new Set(days);
  return DAY_NAMES.filter((d) => chosen.has(d)).join(', ');
}

const dayList = z
  .array(z.string().trim(), { error: combinationTexts.daysRequired })
  .min(1, { error: combinationTexts.daysRequired })
  .refine((days) => days.every((d) => (DAY_NAMES as readonly string[]).includes(d)), {
    error: combinationTexts.unknownDay,
  })
  .transform(canonicalDays);

export const combination = z.object({
  combinationId: z.number(),
  combinationDays: z.string(),
  disable: flag,
  version: z.number(),
});
export type Combination = z.infer<typeof combination>;

/** A combination as the forms of other records offer it. */
export const combinationOption = z.object({ combinationId: z.number(), combinationDays: z.string(), disable: flag });
export type CombinationOption = z.infer<typeof combinationOption>;

export const combinationListResponse = z.object({ rows: z.array(combination), totalPages: z.number() });
export type CombinationListResponse = z.output<typeof combinationListResponse>;

export const combinationActionParams = z.object({
  action: z.enum(['disable', 'enable', 'delete'], { error: 'Action must be disable, enable or delete' }),
  combinationId: idInput,
});

/** `days` arrives as a list of day names. Output: the canonical text. */
export const combinationAddBody = z.object({ days: dayList });
export type CombinationAddBody = z.input<typeof combinationAddBody>;

/** `days` arrives as one text of day names joined by ", " (a list is accepted too). */
export const combinationUpdateBody = z.object({
  id: idInput,
  days: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((d) => d.trim())
            .filter((d) => d !== '')
        : v,
    dayList,
  ),
  version: versionInput,
});
export type CombinationUpdateBody = z.input<typeof combinationUpdateBody>;

export const combinationAddResponse = msgResponse.extend({ row: combination });
export type CombinationAddResponse = z.output<typeof combinationAddResponse>;
export const combinationUpdateGetResponse = z.object({ day: combination });
export type CombinationUpdateGetResponse = z.output<typeof combinationUpdateGetResponse>;
