import { combinationTexts, type Phrase } from '@dairy/contract';
import type { Db } from '../../db/client';
import { conflict, orNotFound, staleRecord } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import {
  type CombinationRow,
  deleteCombination,
  findCombination,
  findCombinationByDays,
  insertCombination,
  isCombinationUsed,
  updateCombination,
} from './combination.repo';

/** The combination of an id, or 404. */
export const requireCombination = (db: Db, id: number): Promise<CombinationRow> =>
  orNotFound(findCombination(db, id), combinationTexts.notFound);

/** A set of days exists once: the unique key on the days decides between two adds at once. */
export async function addCombination(db: Db, days: string) {
  return db.transaction(async (tx) => {
    const row = await insertCombination(tx, days);
    if (!row) throw conflict(combinationTexts.duplicate);
    const phrase: Phrase = {
      key: 'combinationAdd',
      values: { id: row.combinationId, days: { days: row.combinationDays } },
    };
    await recordAudit(tx, {
      action: 'combination.add',
      entity: 'combination',
      entityId: row.combinationId,
      phrase,
      after: row,
    });
    return row;
  });
}

/**
 * Disable, enable, or delete: only a disabled combination that no product row uses may be
 * deleted. Answers the action's text.
 */
export async function actOnCombination(db: Db, id: number, action: 'disable' | 'enable' | 'delete') {
  return db.transaction(async (tx) => {
    const existing = await requireCombination(tx, id);
    const audit = (after: unknown) =>
      recordAudit(tx, {
        action: `combination.${action}`,
        entity: 'combination',
        entityId: id,
        phrase: {
          key: ({ disable: 'combinationDisable', enable: 'combinationEnable', delete: 'combinationDelete' } as const)[
            action
          ],
          values: { id, days: { days: existing.combinationDays } },
        },
        before: existing,
        after,
      });
    if (action === 'delete') {
      if (existing.disable !== 1) throw conflict(combinationTexts.deleteActive);
      if (await isCombinationUsed(tx, id)) throw conflict(combinationTexts.inUse);
      await deleteCombination(tx, id);
      await audit(null);
      return combinationTexts.deletedOk;
    }
    await audit(await updateCombination(tx, id, { disable: action === 'disable' ? 1 : 0 }));
    return action === 'disable' ? combinationTexts.disabledOk : combinationTexts.enabledOk;
  });
}

/** New days for a combination, at the version the screen read when it sent one. */
export async function changeCombination(db: Db, id: number, days: string, version?: number) {
  return db.transaction(async (tx) => {
    const existing = await requireCombination(tx, id);
    // A stale copy hears so first, whatever else it got wrong; the update checks again at the end.
    if (version !== undefined && version !== existing.version) throw staleRecord();
    const same = await findCombinationByDays(tx, days);
    if (same && same.combinationId !== id) throw conflict(combinationTexts.duplicate);
    const row = await updateCombination(tx, id, { combinationDays: days }, version);
    if (!row) throw staleRecord();
    const phrase: Phrase = {
      key: 'combinationUpdate',
      values: { id, before: { days: existing.combinationDays }, after: { days: row.combinationDays } },
    };
    await recordAudit(tx, {
      action: 'combination.update',
      entity: 'combination',
      entityId: id,
      phrase,
      before: existing,
      after: row,
    });
    return row;
  });
}
