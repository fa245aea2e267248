import { DEFAULT_UNIT, productTexts } from '@dairy/contract';
import type { Db } from '../../db/client';
import { badRequest, conflict, orNotFound, staleRecord } from '../../errors';
import { findCombination } from '../combination/combination.repo';
import {
  findProduct,
  insertProduct,
  lockProductCode,
  nameProductCode,
  type ProductRow,
  productRowsOfCode,
  updateProduct,
} from './product.repo';

/** The product row of an id, or 404. */
export const requireProduct = (db: Db, id: number): Promise<ProductRow> =>
  orNotFound(findProduct(db, id), productTexts.notFound);

/** A combination a product row is being put on must exist and be enabled. */
async function requireUsableCombination(db: Db, id: number) {
  const found = await orNotFound(findCombination(db, id), productTexts.combinationNotFound);
  if (found.disable === 1) throw conflict(productTexts.combinationDisabled);
}

/**
 * A new row of a code on a combination. A code has one name and one unit: the new row's are
 * written to every row of the code, in the same database transaction. Without a unit, a code that
 * has rows keeps its unit and a new code gets 'L'.
 */
export async function addProduct(
  db: Db,
  values: {
    code: string;
    name: string;
    price: number;
    available: 0 | 1;
    combinationId: number;
    unit?: string | undefined;
  },
): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    await lockProductCode(tx, values.code);
    await requireUsableCombination(tx, values.combinationId);
    const [sibling] = await productRowsOfCode(tx, values.code);
    const unit = values.unit ?? sibling?.unit ?? DEFAULT_UNIT;
    // The unique (code, combination) key decides, so two operators adding at once cannot both win.
    const id = await insertProduct(tx, {
      productCode: values.code,
      productName: values.name,
      unit,
      price: values.price,
      available: values.available,
      combinationId: values.combinationId,
    });
    if (id === undefined) throw conflict(productTexts.duplicate);
    await nameProductCode(tx, values.code, { productName: values.name, unit });
    return requireProduct(tx, id);
  });
}

/**
 * Updates a row's name and unit (for every row of its code; a unit left out is kept), price,
 * availability (kept when left out) and combination, at the version the screen read when it sent
 * one. The code cannot change.
 */
export async function changeProduct(
  db: Db,
  id: number,
  values: {
    code: string;
    name: string;
    price: number;
    available?: 0 | 1 | undefined;
    combinationId: number;
    unit?: string | undefined;
    version?: number | undefined;
  },
) {
  await db.transaction(async (tx) => {
    const existing = await requireProduct(tx, id);
    // A stale copy hears so first, whatever else it got wrong; the update checks again at the end.
    if (values.version !== undefined && values.version !== existing.version) throw staleRecord();
    // The screen shows the code read-only: another code here is a mistake, not a rename.
    if (values.code !== existing.productCode) throw badRequest(productTexts.codeChanged, 'code');
    await lockProductCode(tx, existing.productCode);
    if (values.combinationId !== existing.combinationId) {
      await requireUsableCombination(tx, values.combinationId);
      const rows = await productRowsOfCode(tx, existing.productCode);
      if (rows.some((r) => r.combinationId === values.combinationId)) throw conflict(productTexts.duplicate);
    }
    const unit = values.unit ?? existing.unit;
    // The row takes its name with the rest, so its version grows once; then the code's other rows.
    const updated = await updateProduct(
      tx,
      id,
      {
        productName: values.name,
        unit,
        price: values.price,
        available: values.available,
        combinationId: values.combinationId,
      },
      values.version,
    );
    if (updated === undefined) throw staleRecord();
    await nameProductCode(tx, existing.productCode, { productName: values.name, unit });
  });
}

/** Makes a row available (1) or not (0). */
export async function setProductAvailable(db: Db, id: number, available: 0 | 1) {
  await requireProduct(db, id);
  await updateProduct(db, id, { available });
}
