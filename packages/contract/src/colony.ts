import { z } from 'zod';
import { flag, flagInput, MAX, msgResponse, optionalText, versionInput } from './common';
import { atMostText, money, moneyInput } from './money';

export const COLONY_PAGE_SIZE = 200;

export const colonyTexts = {
  codeRequired: "Colony Code can't be empty!",
  codeMin: 'Colony Code must contain at least 2 characters',
  nameRequired: "Colony Name can't be empty!",
  nameMin: 'Colony Name must contain at least 5 characters',
  chargesRequired: "Service Charges can't be empty!",
  chargesMin: 'Service Charges must be 0 or more',
  chargesMax: atMostText('Service Charges'),
  duplicate: 'A colony with this code already exists.',
  notFound: 'Colony not found',
  disabled: 'This colony is disabled.',
  added: 'Colony added successfully!',
  updated: 'Colony updated successfully!',
  disabledOk: 'Colony disabled successfully!',
  enabledOk: 'Colony enabled successfully!',
  addFailed: 'Unable to Add!',
  updateFailed: 'Error updating colony',
  loadFailed: 'Error fetching colony data. Please try again later.',
  actionDone: 'Action completed successfully!',
  actionFailed: 'Failed to perform the action.',
  actionError: 'An error occurred. Please try again.',
} as const;

export const colony = z.object({
  colonyCode: z.string(),
  colonyName: z.string(),
  charges: money,
  disable: flag,
  version: z.number(),
});
export type Colony = z.infer<typeof colony>;

export const colonyListResponse = z.object({ rows: z.array(colony), totalPages: z.number() });
export type ColonyListResponse = z.output<typeof colonyListResponse>;

export const colonyActionParams = z.object({
  action: z.enum(['disable', 'enable'], { error: 'Action must be disable or enable' }),
  colonyCode: z.string().trim().min(1).max(MAX.code),
});
export const colonyCodeParams = z.object({ code: z.string().trim().min(1).max(MAX.code) });

const colonyName = z
  .string({ error: colonyTexts.nameRequired })
  .trim()
  .min(1, { error: colonyTexts.nameRequired })
  .min(5, { error: colonyTexts.nameMin })
  .max(MAX.name, { error: `Colony Name must be at most ${MAX.name} characters` });
const charges = moneyInput({
  required: colonyTexts.chargesRequired,
  min: { paise: 0, message: colonyTexts.chargesMin },
  max: colonyTexts.chargesMax,
});

export const colonyAddBody = z.object({
  code: z
    .string({ error: colonyTexts.codeRequired })
    .trim()
    .min(1, { error: colonyTexts.codeRequired })
    .min(2, { error: colonyTexts.codeMin })
    .max(MAX.code, { error: `Colony Code must be at most ${MAX.code} characters` }),
  name: colonyName,
  charges,
});
export type ColonyAddBody = z.input<typeof colonyAddBody>;

/** `code` is accepted for compatibility; the path names the colony. */
export const colonyUpdateBody = z.object({
  code: z
    .string()
    .max(MAX.code, { error: `Colony Code must be at most ${MAX.code} characters` })
    .optional(),
  name: colonyName,
  charges,
  version: versionInput,
});
export type ColonyUpdateBody = z.input<typeof colonyUpdateBody>;

export const colonyAddResponse = msgResponse.extend({ row: colony });
export const colonyUpdateGetResponse = z.object({ rows: z.array(colony) });

/** `colonyCode` (beyond the spec) keeps one colony, for pickers that need one colony's customers. */
export const colonyApiQuery = z.object({ seeUser: flagInput.optional(), colonyCode: optionalText(MAX.code) });
export const colonyOption = z.object({
  colonyCode: z.string(),
  colonyName: z.string(),
  disable: flag,
  charges: money,
  Customers: z
    .array(
      z.object({ customerId: z.number(), customerName: z.string(), route: z.number(), defaulter: flag, disable: flag }),
    )
    .optional(),
});
export type ColonyOption = z.infer<typeof colonyOption>;
export const colonyApiResponse = z.object({ rows: z.array(colonyOption) });
