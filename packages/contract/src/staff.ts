import { z } from 'zod';
import { flagInput, idInput, MAX, msgResponse } from './common';

/*
 * Staff (docs/rules.md section 15): the people who sign in. `/api/users` is the spec's customers, so
 * the people who work here are "staff". An admin does everything, an operator everything but
 * staff, settings, audit and backups, a collector the day's work of the colonies linked to them.
 */

export const roles = ['admin', 'operator', 'collector'] as const;
export type Role = (typeof roles)[number];

export const MIN_PASSWORD_LENGTH = 8;

export const staffTexts = {
  usernameRequired: "Username can't be empty!",
  usernameMax: `Username must be at most ${MAX.name} characters`,
  passwordMin: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  passwordMax: 'Password must be at most 1000 characters',
  roleInvalid: 'Choose a role: admin, operator or collector.',
  colonyUnknown: (code: string) => `Colony Code ${code} does not exist.`,
  collectorNeedsColony: 'A collector needs at least one colony.',
  duplicate: 'A user with this username already exists.',
  lastAdmin: 'The last admin cannot be disabled or lose the admin role.',
  notFound: 'Staff member not found',
  notAllowed: 'Not allowed',
  added: 'Staff member added successfully!',
  updated: 'Staff member updated successfully!',
  passwordReset: 'Password changed successfully!',
  addFailed: 'Unable to add the staff member.',
  updateFailed: 'Unable to update the staff member.',
  resetFailed: 'Unable to change the password.',
  loadFailed: 'Unable to load the staff.',
} as const;

/** The words a screen shows for each role. */
export const roleLabels: Record<Role, string> = { admin: 'Admin', operator: 'Operator', collector: 'Collector' };

export const staffRow = z.object({
  userId: z.number(),
  username: z.string(),
  role: z.enum(roles),
  colonies: z.array(z.string()),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffRow = z.output<typeof staffRow>;
export const staffListResponse = z.object({ rows: z.array(staffRow) });
export type StaffListResponse = z.output<typeof staffListResponse>;

export const staffPassword = z
  .string({ error: staffTexts.passwordMin })
  .min(MIN_PASSWORD_LENGTH, { error: staffTexts.passwordMin })
  .max(1000, { error: staffTexts.passwordMax });

const role = z.enum(roles, { error: staffTexts.roleInvalid });

/** Colony codes, trimmed, each once; the server checks each exists. */
const colonies = z
  .array(z.string().trim().min(1, { error: "Colony Code can't be empty!" }).max(MAX.code), {
    error: 'Colonies must be a list of colony codes',
  })
  .default([])
  .transform((codes) => [...new Set(codes)]);

/** A collector works in at least one colony; other roles work everywhere and keep none. */
const collectorHasColonies = (value: { role: Role; colonies: string[] }, ctx: z.RefinementCtx) => {
  if (value.role === 'collector' && value.colonies.length === 0)
    ctx.addIssue({ code: 'custom', message: staffTexts.collectorNeedsColony, path: ['colonies'] });
};

export const staffAddBody = z
  .object({
    username: z
      .string({ error: staffTexts.usernameRequired })
      .trim()
      .min(1, { error: staffTexts.usernameRequired })
      .max(MAX.name, { error: staffTexts.usernameMax }),
    password: staffPassword,
    role,
    colonies,
  })
  .superRefine(collectorHasColonies);
export type StaffAddBody = z.input<typeof staffAddBody>;

export const staffUpdateBody = z
  .object({ role, colonies, disabled: flagInput.transform((f) => f === 1) })
  .superRefine(collectorHasColonies);
export type StaffUpdateBody = z.input<typeof staffUpdateBody>;

export const staffIdParams = z.object({ userId: idInput });
export const staffPasswordBody = z.object({ password: staffPassword });

export const staffSavedResponse = msgResponse.extend({ row: staffRow });
export type StaffSavedResponse = z.output<typeof staffSavedResponse>;
