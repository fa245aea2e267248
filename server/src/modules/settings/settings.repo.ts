import type { Settings } from '@dairy/contract';
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

/** Until the first save there is no row: every field reads as ''. */
const NOT_SET: Settings = { businessName: '', address: '', phone: '', upiId: '', upiName: '', billNote: '' };

export async function readSettings(db: Db): Promise<Settings> {
  const [row] = await db.select(columns).from(businessSettings);
  return row ?? NOT_SET;
}

/** Writes every field (the one row, made by the first save). */
export async function saveSettings(db: Db, values: Settings): Promise<Settings> {
  const [row] = await db
    .insert(businessSettings)
    .values({ settingsId: 1, ...values })
    .onConflictDoUpdate({ target: businessSettings.settingsId, set: { ...values, updatedAt: sql`now()` } })
    .returning(columns);
  return row!;
}
