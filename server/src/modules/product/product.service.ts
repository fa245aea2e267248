import { DEFAULT_UNIT, moneyValue, productTexts } from '@dairy/contract';
import type { Db } from '../../db/client';
import { badRequest, conflict, orNotFound, staleRecord } from '../../errors';
import { recordAudit } from '../audit/audit.service';
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

/** What a form writes to a row, with the code's unit. */
const rowFields = (
  values: { name: string; price: number; available?: 0 | 1 | undefined; combinationId: number },
  unit: string,
) => ({
  productName: values.name,
  unit,
  price: values.price,
  available: values.available,
  combinationId: values.combinationId,
});

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
    const id = await insertProduct(tx, { productCode: values.code, ...rowFields(values, unit) });
    if (id === undefined) throw conflict(productTexts.duplicate);
    await nameProductCode(tx, values.code, { productName: values.name, unit });
    const row = await requireProduct(tx, id);
    await recordAudit(tx, {
      action: 'product.add',
      entity: 'product',
      entityId: id,
      phrase: {
        key: 'productAdd',
        values: {
          code: row.productCode,
          name: row.productName,
          amount: moneyValue(row.price),
          combination: row.combinationId,
        },
      },
      after: row,
    });
    return row;
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
    const updated = await updateProduct(tx, id, rowFields(values, unit), values.version);
    if (updated === undefined) throw staleRecord();
    await nameProductCode(tx, existing.productCode, { productName: values.name, unit });
    const after = await requireProduct(tx, id);
    await recordAudit(tx, {
      action: 'product.update',
      entity: 'product',
      entityId: id,
      phrase: {
        key: 'productUpdate',
        values: {
          code: after.productCode,
          name: after.productName,
          id,
          amount: moneyValue(after.price),
          combination: after.combinationId,
        },
      },
      before: existing,
      after,
    });
  });
}

/** Makes a row available (1) or not (0). */
export async function setProductAvailable(db: Db, id: number, available: 0 | 1) {
  await db.transaction(async (tx) => {
    const existing = await requireProduct(tx, id);
    await updateProduct(tx, id, { available });
    await recordAudit(tx, {
      action: available === 1 ? 'product.enable' : 'product.disable',
      entity: 'product',
      entityId: id,
      phrase: {
        key: available === 1 ? 'productAvailable' : 'productUnavailable',
        values: { code: existing.productCode, name: existing.productName, id },
      },
      before: existing,
      after: await requireProduct(tx, id),
    });
  });
}
