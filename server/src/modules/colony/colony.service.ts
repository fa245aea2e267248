import { colonyTexts } from '@dairy/contract';
import type { Db } from '../../db/client';
import { conflict, orNotFound, staleRecord } from '../../errors';
import { type ColonyRow, findColony, lockColony, updateColony } from './colony.repo';

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

/** Updates a colony's name and charges, at the version the screen read when it sent one. */
export async function changeColony(
  db: Db,
  code: string,
  values: { colonyName: string; charges: number; version?: number | undefined },
) {
  const existing = await requireColony(db, code);
  const { version, ...fields } = values;
  const row = await updateColony(db, existing.colonyCode, fields, version);
  if (!row) throw staleRecord();
  return row;
}
