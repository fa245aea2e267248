import { z } from 'zod';
import { dateInput, dateOutput, flag, MAX, optional, requiredText } from './common';
import { money } from './money';
import { productCodeOption } from './product';
import { quantity } from './quantity';

/** The operator's day (docs/rules.md section 13): Today, the route sheet and collection entry. */
export const todayTexts = {
  colonyRequired: 'Please select a colony.',
  generateAll: 'Generate all',
  /** After 'Generate all' or a colony's Generate. */
  generated: (rows: number, colonies: number) =>
    `${rows} ${rows === 1 ? 'transaction' : 'transactions'} created in ${colonies} ${colonies === 1 ? 'colony' : 'colonies'}.`,
  generateFailed: 'Unable to Generate Transactions.',
  loadFailed: 'Failed to load the day.',
  noColonies: 'No active colonies.',
  /** Route sheet. */
  sheetEmpty: 'No deliveries on this date. Generate the day first.',
  attendanceSaved: (n: number) => `Attendance saved: ${n} ${n === 1 ? 'delivery' : 'deliveries'} changed.`,
  attendanceFailed: 'Unable to save attendance.',
  nothingChanged: 'Nothing changed.',
  unsavedChanges: (n: number) => `${n} unsaved ${n === 1 ? 'change' : 'changes'}`,
  /** Collection entry. */
  collectEmpty: 'No customers in this colony.',
  received: (n: number, total: string) => `${n} ${n === 1 ? 'payment' : 'payments'} received: ${total}.`,
  receiveFailed: 'Payments failed: nothing was saved.',
  nothingEntered: 'Enter at least one amount.',
} as const;

/** Working without a signal (docs/rules.md section 20). */
export const offlineTexts = {
  /** Above a screen shown from what the phone kept; `time` as dates and times are shown. */
  showingFrom: (time: string) => `Offline: showing data from ${time}`,
  /** The bar; `n` counts the rows the waiting saves change (each tick, each amount). */
  waiting: (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} waiting to be sent`,
  /** After a Save that waits on the phone. */
  keptOnPhone: 'Saved on this phone: it will be sent when the network returns.',
  notSent: 'Not sent',
  dismiss: 'Dismiss',
  newVersion: 'Reload for the new version',
  /** Signing out with saves waiting. */
  signOutTitle: 'Sign out?',
  signOutWaiting: (n: number) =>
    `${n} ${n === 1 ? 'change is' : 'changes are'} still waiting to be sent. They stay on this phone and are sent after you sign in again.`,
} as const;

/** What the day delivers of one product code, in its unit. */
export const productQuantity = productCodeOption.extend({ quantity });
export type ProductQuantity = z.output<typeof productQuantity>;

const dayFigures = {
  /** Enabled customers. */
  customers: z.number(),
  /** Rows generation would create for the date now (the preview's total). */
  scheduled: z.number(),
  /** Rows that exist for the date. */
  generated: z.number(),
  /** Existing rows with attendance 0. */
  absent: z.number(),
  /** Customers with a pause covering the date. */
  paused: z.number(),
  /** Delivered rows, and the rows generation would still create, per product code. */
  quantities: z.array(productQuantity),
  /** The sum of receipts taken on the date (refunds count negative). */
  collected: money,
  /** How many receipts were taken on the date. */
  receipts: z.number(),
  /**
   * Changes customers made through their page in the last 24 hours that cover the date or later
   * (docs/rules.md section 19).
   */
  requests: z.number(),
};

// ---- GET /api/today ---------------------------------------------------------------------

export const todayQuery = z.object({ date: optional(dateInput()) });
export type TodayQuery = z.input<typeof todayQuery>;

export const todayColony = z.object({ colonyCode: z.string(), colonyName: z.string(), ...dayFigures });
export type TodayColony = z.output<typeof todayColony>;

export const todayResponse = z.object({
  date: dateOutput,
  /** Every enabled colony, in code order. */
  colonies: z.array(todayColony),
  totals: z.object(dayFigures),
});
export type TodayResponse = z.output<typeof todayResponse>;

// ---- GET /api/today/sheet: a colony's deliveries of a date, in route order ---------------

const colonyParam = requiredText(todayTexts.colonyRequired, MAX.code);

export const routeSheetQuery = z.object({ colony: colonyParam, date: optional(dateInput()) });
export type RouteSheetQuery = z.input<typeof routeSheetQuery>;

export const routeSheetRow = z.object({
  transactionId: z.number(),
  customerId: z.number(),
  route: z.number(),
  customerName: z.string(),
  address: z.string(),
  ...productCodeOption.shape,
  quantity,
  attendance: flag,
  /** A change the customer made through their page covers this delivery. */
  changedByCustomer: z.boolean(),
});
export type RouteSheetRow = z.output<typeof routeSheetRow>;

export const routeSheetResponse = z.object({
  colonyCode: z.string(),
  colonyName: z.string(),
  date: dateOutput,
  rows: z.array(routeSheetRow),
});
export type RouteSheetResponse = z.output<typeof routeSheetResponse>;

// ---- GET /api/today/collection: a colony's customers and their balance now ---------------

export const collectionQuery = z.object({ colony: colonyParam });
export type CollectionQuery = z.input<typeof collectionQuery>;

export const collectionRow = z.object({
  customerId: z.number(),
  route: z.number(),
  customerName: z.string(),
  /** What the customer owes now (negative: a credit). */
  balance: money,
});
export type CollectionRow = z.output<typeof collectionRow>;

export const collectionResponse = z.object({
  colonyCode: z.string(),
  colonyName: z.string(),
  rows: z.array(collectionRow),
});
export type CollectionResponse = z.output<typeof collectionResponse>;
