import { colonyTexts, moneyValue, type Phrase } from '@dairy/contract';
import type { Db } from '../../db/client';
import { conflict, orNotFound, staleRecord } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { type ColonyRow, findColony, insertColony, lockColony, updateColony } from './colony.repo';

/** The colony of a code (ignoring case), or 404. `lock` holds it for the database transaction. */
export async function requireColony(db: Db, code: string, options: { lock?: boolean } = {}): Promise<ColonyRow> {
  return orNotFound((options.lock ? lockColony : findColony)(db, code), colonyTexts.notFound);
}

/**
 * The colony of a code, which must be enabled: nothing new is made in a disabled colony (409).
 * `unless` names a colony code that may stay disabled (a customer already living there).
 */
export async function requireEnabledColony(
  db: Db,
  code: string,
  options: { lock?: boolean; unless?: string } = {},
): Promise<ColonyRow> {
  const colony = await requireColony(db, code, options);
  if (colony.disable === 1 && colony.colonyCode !== options.unless) throw conflict(colonyTexts.disabled);
  return colony;
}

/**
 * A page of a list filtered by a colony named by its code in any case: an unknown code has no
 * rows. Codes are unique ignoring case, so `list` gets the stored code and can use its index.
 */
export async function pageInColony<T>(
  db: Db,
  colonyCode: string | undefined,
  list: (storedCode: string | undefined) => Promise<{ rows: T[]; total: number }>,
): Promise<{ rows: T[]; total: number }> {
  if (!colonyCode) return list(undefined);
  const colony = await findColony(db, colonyCode);
  return colony ? list(colony.colonyCode) : { rows: [], total: 0 };
}

/** Adds a colony; a code taken already, in any case, is a 409. */
export async function addColony(db: Db, values: { colonyCode: string; colonyName: string; charges: number }) {
  // The unique index on lower(code) decides, so two operators adding at once cannot both win.
  return db.transaction(async (tx) => {
    const added = await insertColony(tx, values);
    if (!added) throw conflict(colonyTexts.duplicate);
    const phrase: Phrase = {
      key: 'colonyAdd',
      values: { code: added.colonyCode, name: added.colonyName, amount: moneyValue(added.charges) },
    };
    await recordAudit(tx, {
      action: 'colony.add',
      entity: 'colony',
      entityId: added.colonyCode,
      phrase,
      after: added,
    });
    return added;
  });
}

/** Disables or enables a colony. */
export async function setColonyEnabled(db: Db, code: string, action: 'disable' | 'enable') {
  await db.transaction(async (tx) => {
    const existing = await requireColony(tx, code, { lock: true });
    const after = await updateColony(tx, existing.colonyCode, { disable: action === 'disable' ? 1 : 0 });
    const phrase: Phrase = {
      key: action === 'disable' ? 'colonyDisable' : 'colonyEnable',
      values: { code: existing.colonyCode },
    };
    await recordAudit(tx, {
      action: `colony.${action}`,
      entity: 'colony',
      entityId: existing.colonyCode,
      phrase,
      before: existing,
      after,
    });
  });
}

/** Updates a colony's name and charges, at the version the screen read when it sent one. */
export async function changeColony(
  db: Db,
  code: string,
  values: { colonyName: string; charges: number; version?: number | undefined },
) {
  return db.transaction(async (tx) => {
    const existing = await requireColony(tx, code, { lock: true });
    const { version, ...fields } = values;
    const row = await updateColony(tx, existing.colonyCode, fields, version);
    if (!row) throw staleRecord();
    const phrase: Phrase = {
      key: 'colonyUpdate',
      values: { code: row.colonyCode, name: row.colonyName, amount: moneyValue(row.charges) },
    };
    await recordAudit(tx, {
      action: 'colony.update',
      entity: 'colony',
      entityId: row.colonyCode,
      phrase,
      before: existing,
      after: row,
    });
    return row;
  });
}
