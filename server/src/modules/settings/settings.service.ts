import type { Settings } from '@dairy/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit/audit.service';
import { readSettings, saveSettings } from './settings.repo';

/** Saves the business's details, with the audit row of the change, in one database transaction. */
export async function changeSettings(db: Db, values: Settings): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = await readSettings(tx);
    const after = await saveSettings(tx, values);
    await recordAudit(tx, {
      action: 'settings.update',
      entity: 'settings',
      entityId: 1,
      summary: `Updated the business settings (${after.businessName || 'no business name'})`,
      before,
      after,
    });
    return after;
  });
}
