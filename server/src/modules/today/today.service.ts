import type { Hundredths, Paise, ProductQuantity } from '@dairy/contract';
import type { Db } from '../../db/client';
import { groupRows } from '../../db/rows';
import { allColonies } from '../colony/colony.repo';
import { requireEnabledColony } from '../colony/colony.service';
import { pendingOn } from '../transaction/generation.service';
import { collectionRows, customerFigures, deliverySums, receiptSums, requestSums, routeSheetRows } from './today.repo';

interface DayFigures {
  customers: number;
  scheduled: number;
  generated: number;
  absent: number;
  paused: number;
  quantities: ProductQuantity[];
  collected: Paise;
  receipts: number;
  requests: number;
}

type Sum = Omit<ProductQuantity, 'quantity'> & { quantity: Hundredths };

/** Quantities per product code, summed, in code order; a code with nothing to deliver is left out. */
function byProduct(sums: readonly Sum[]): ProductQuantity[] {
  const merged = new Map<string, ProductQuantity>();
  for (const s of sums) {
    const known = merged.get(s.productCode);
    if (known) known.quantity += s.quantity;
    else
      merged.set(s.productCode, {
        productCode: s.productCode,
        productName: s.productName,
        unit: s.unit,
        quantity: s.quantity,
      });
  }
  return [...merged.values()]
    .filter((q) => q.quantity > 0)
    .sort((a, b) => (a.productCode < b.productCode ? -1 : a.productCode > b.productCode ? 1 : 0));
}

const sumOf = <T>(rows: readonly T[], value: (row: T) => number) => rows.reduce((sum, r) => sum + value(r), 0);

/**
 * Today (docs/rules.md section 13): per enabled colony, its customers, what generation would still
 * create, what exists and who is absent or paused, the quantity to load (the delivered rows and
 * the rows still to generate), and the receipts of the date. A few statements over all colonies,
 * read in one snapshot. `only`: a collector's colonies. `now` starts the 24 hours whose changes from
 * customers' pages count as requests.
 */
export async function dayOf(db: Db, date: string, timeZone: string, only?: readonly string[], now = new Date()) {
  return db.transaction(
    async (tx) => {
      const colonies = (await allColonies(tx)).filter(
        (c) => c.disable === 0 && (only === undefined || only.includes(c.colonyCode)),
      );
      const colonyCodes = colonies.map((c) => c.colonyCode);
      const customers = new Map((await customerFigures(tx, colonyCodes, date)).map((r) => [r.colonyCode, r]));
      const delivered = groupRows(await deliverySums(tx, colonyCodes, date), (r) => r.colonyCode);
      const pending = groupRows(await pendingOn(tx, colonyCodes, date), (r) => r.colonyCode);
      const receipts = new Map((await receiptSums(tx, colonyCodes, date, timeZone)).map((r) => [r.colonyCode, r]));
      const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
      const requests = new Map((await requestSums(tx, colonyCodes, date, since)).map((r) => [r.colonyCode, r]));
      const rows = colonies.map((c) => {
        const rowsDelivered = delivered.get(c.colonyCode) ?? [];
        const rowsPending = pending.get(c.colonyCode) ?? [];
        const figures: DayFigures = {
          customers: customers.get(c.colonyCode)?.customers ?? 0,
          scheduled: sumOf(rowsPending, (r) => r.rows),
          generated: sumOf(rowsDelivered, (r) => r.rows),
          absent: sumOf(rowsDelivered, (r) => r.absent),
          paused: customers.get(c.colonyCode)?.paused ?? 0,
          quantities: byProduct([...rowsDelivered, ...rowsPending]),
          collected: receipts.get(c.colonyCode)?.collected ?? 0,
          receipts: receipts.get(c.colonyCode)?.receipts ?? 0,
          requests: requests.get(c.colonyCode)?.requests ?? 0,
        };
        return { colonyCode: c.colonyCode, colonyName: c.colonyName, ...figures };
      });
      const totals: DayFigures = {
        customers: sumOf(rows, (r) => r.customers),
        scheduled: sumOf(rows, (r) => r.scheduled),
        generated: sumOf(rows, (r) => r.generated),
        absent: sumOf(rows, (r) => r.absent),
        paused: sumOf(rows, (r) => r.paused),
        quantities: byProduct(rows.flatMap((r) => r.quantities)),
        collected: sumOf(rows, (r) => r.collected),
        receipts: sumOf(rows, (r) => r.receipts),
        requests: sumOf(rows, (r) => r.requests),
      };
      return { date, colonies: rows, totals };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The route sheet: an enabled colony's deliveries of a date in route order. */
export async function routeSheet(db: Db, colonyCode: string, date: string) {
  const colony = await requireEnabledColony(db, colonyCode);
  const rows = await routeSheetRows(db, colony.colonyCode, date);
  return { colonyCode: colony.colonyCode, colonyName: colony.colonyName, date, rows };
}

/** Collection entry's customers: an enabled colony's, in route order, with their balance now. */
export async function collection(db: Db, colonyCode: string) {
  const colony = await requireEnabledColony(db, colonyCode);
  return {
    colonyCode: colony.colonyCode,
    colonyName: colony.colonyName,
    rows: await collectionRows(db, colony.colonyCode),
  };
}
