import { z } from 'zod';
import { MAX, optional, withDefault } from './common';

/** A bill's note is printed under its figures: short enough to fit there. */
export const BILL_NOTE_MAX = 300;

/**
 * A UPI ID (virtual payment address): a handle, `@`, and the bank's or app's name
 * (`dairy.shop@okhdfcbank`, `9876543210@ybl`).
 */
const UPI_ID = /^[A-Za-z0-9._-]{2,}@[A-Za-z][A-Za-z0-9]{1,}$/;

export const settingsTexts = {
  upiInvalid: 'Enter a UPI ID like name@bank.',
  businessNameMax: `Business name must be at most ${MAX.name} characters`,
  addressMax: `Address must be at most ${MAX.address} characters`,
  phoneMax: `Phone must be at most ${MAX.contact} characters`,
  upiIdMax: `UPI ID must be at most ${MAX.name} characters`,
  upiNameMax: `UPI payee name must be at most ${MAX.name} characters`,
  billNoteMax: `Bill note must be at most ${BILL_NOTE_MAX} characters`,
  cutoffInvalid: 'Enter a time like 20:00.',
  saved: 'Settings saved.',
  saveFailed: 'Unable to save the settings.',
} as const;

/** The business's own details, printed on bills (docs/rules.md section 14): empty strings until set. */
export const settings = z.object({
  businessName: z.string(),
  address: z.string(),
  phone: z.string(),
  upiId: z.string(),
  upiName: z.string(),
  billNote: z.string(),
});
export type Settings = z.output<typeof settings>;

/** Text that may be left blank (stored as ''), trimmed, at most `max` characters. */
const blankable = (max: number, message: string) => withDefault(z.string().trim().max(max, { error: message }), '');

/** When changes from the customer's page close, the day before (docs/rules.md section 19). */
export const DEFAULT_CUTOFF_TIME = '20:00';

/** `HH:MM` on the 24-hour clock, e.g. 20:00 or 07:30. */
const CUTOFF_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** `PUT /api/settings`: every field, each may be blank; without `cutoffTime` the stored one stays. */
export const settingsBody = z.object({
  businessName: blankable(MAX.name, settingsTexts.businessNameMax),
  address: blankable(MAX.address, settingsTexts.addressMax),
  phone: blankable(MAX.contact, settingsTexts.phoneMax),
  upiId: withDefault(
    z
      .string()
      .trim()
      .max(MAX.name, { error: settingsTexts.upiIdMax })
      .refine((id) => id === '' || UPI_ID.test(id), { error: settingsTexts.upiInvalid }),
    '',
  ),
  upiName: blankable(MAX.name, settingsTexts.upiNameMax),
  billNote: blankable(BILL_NOTE_MAX, settingsTexts.billNoteMax),
  cutoffTime: optional(
    z.string({ error: settingsTexts.cutoffInvalid }).trim().regex(CUTOFF_TIME, { error: settingsTexts.cutoffInvalid }),
  ),
});
export type SettingsBody = z.input<typeof settingsBody>;
export type SettingsValues = z.output<typeof settingsBody>;

/** The settings screen's fields: the business's details and the cut-off of the customer's page. */
export const settingsResponse = settings.extend({ cutoffTime: z.string() });
export type SettingsResponse = z.output<typeof settingsResponse>;
export const settingsSaveResponse = z.object({ msg: z.string(), settings: settingsResponse });
export type SettingsSaveResponse = z.output<typeof settingsSaveResponse>;
