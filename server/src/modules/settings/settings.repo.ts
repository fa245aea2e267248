import { DEFAULT_CUTOFF_TIME, type Settings, type SettingsResponse } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessSettings } from '../../db/schema';

const columns = {
  businessName: businessSettings.businessName,
  address: businessSettings.address,
  phone: businessSettings.phone,
  upiId: businessSettings.upiId,
  upiName: businessSettings.upiName,
  billNote: businessSettings.billNote,
};
const screenColumns = { ...columns, cutoffTime: businessSettings.cutoffTime };

/** Until the first save there is no row: every field reads as '' (the cut-off as its default). */
const NOT_SET: SettingsResponse = {
  businessName: '',
  address: '',
  phone: '',
  upiId: '',
  upiName: '',
  billNote: '',
  cutoffTime: DEFAULT_CUTOFF_TIME,
};

/** The business's details, as bills print them. */
export async function readSettings(db: Db): Promise<Settings> {
  const [row] = await db.select(columns).from(businessSettings);
  if (row) return row;
  const { cutoffTime: _, ...business } = NOT_SET;
  return business;
}

/** Every setting: the business's details and the cut-off of the customer's page. */
export async function readAllSettings(db: Db): Promise<SettingsResponse> {
  const [row] = await db.select(screenColumns).from(businessSettings);
  return row ?? NOT_SET;
}

/** Writes every field given (the one row, made by the first save); a cut-off left out stays. */
export async function saveSettings(db: Db, values: Settings & { cutoffTime?: string | undefined }) {
  const { cutoffTime, ...business } = values;
  const given = cutoffTime === undefined ? business : { ...business, cutoffTime };
  const [row] = await db
    .insert(businessSettings)
    .values({ settingsId: 1, ...given })
    .onConflictDoUpdate({ target: businessSettings.settingsId, set: { ...given, updatedAt: sql`now()` } })
    .returning(screenColumns);
  return row!;
}
