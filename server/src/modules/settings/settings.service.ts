import type { SettingsResponse, SettingsValues } from '@dairy/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit/audit.service';
import { readAllSettings, saveSettings } from './settings.repo';

/** Saves the business's details (and the cut-off, when given), with the audit row of the change, in one database transaction. */
export async function changeSettings(db: Db, values: SettingsValues): Promise<SettingsResponse> {
  return db.transaction(async (tx) => {
    const before = await readAllSettings(tx);
    const after = await saveSettings(tx, values);
    await recordAudit(tx, {
      action: 'settings.update',
      entity: 'settings',
      entityId: 1,
      phrase: after.businessName
        ? { key: 'settingsUpdate', values: { name: after.businessName } }
        : { key: 'settingsUnnamed' },
      before,
      after,
    });
    return after;
  });
}
