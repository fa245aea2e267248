import type { Hundredths } from '@dairy/contract';
import { addDays } from '@dairy/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { deliveryChange } from '../../src/db/schema';
import { type DeliveryChange, overlaps, planFor } from '../../src/domain/changes';
import { insertScheduled, previewScheduled } from '../../src/modules/transaction/generation.repo';
import { fileTestApp } from '../helpers/app';
import { makeColony, makeConsumption, makeCustomer, makeMilkAndCurd } from '../helpers/factories';

/*
 * What generation delivers is written twice (docs/architecture.md, Where each rule lives): as the
 * model `planFor` in domain/changes.ts, and as generation's SQL (`scheduled`, `pausedOn`,
 * `quantityChangesOn` in modules/transaction/generation.repo.ts). Over random pauses and
 * quantity changes (docs/rules.md section 12), both the preview and the generation itself make
 * exactly the rows the model plans: none where a pause covers the date, a quantity change's
 * quantity, else the consumption's.
 */

const t = fileTestApp();
const RUNS = Number(process.env.GENERATION_PLAN_RUNS ?? 40);
const FIRST = '2030-01-01';
const DATES = Array.from({ length: 8 }, (_, i) => addDays(FIRST, i));

interface Consumption {
  consumptionId: number;
  productId: number;
  quantity: Hundredths;
}
interface Customer {
  customerId: number;
  consumptions: Consumption[];
}

let colonyCode = '';
let combinationId = 0;
const customers: Customer[] = [];

beforeAll(async () => {
  const db = t.database.db;
  const { cow, buf, curd } = await makeMilkAndCurd(db);
  combinationId = cow.combinationId;
  colonyCode = (await makeColony(db)).colonyCode;
  const quantities = [100, 150, 50, 225] as Hundredths[];
  for (let n = 0; n < 3; n++) {
    const { customerId } = await makeCustomer(db, { colonyCode, route: n + 1 });
    const consumptions: Consumption[] = [];
    for (const [i, item] of [cow, buf, curd].slice(0, n + 1).entries()) {
      const quantity = quantities[(n + i) % quantities.length]!;
      const { consumptionId } = await makeConsumption(db, { customerId, productId: item.productId, quantity });
      consumptions.push({ consumptionId, productId: item.productId, quantity });
    }
    customers.push({ customerId, consumptions });
  }
});

type Change = DeliveryChange & { customerId: number };

/** A change of one customer: a pause (of one consumption or all, maybe open-ended) or a quantity change. */
const change: fc.Arbitrary<Change> = fc
  .record({
    who: fc.nat(),
    which: fc.option(fc.nat(), { nil: null }),
    pause: fc.boolean(),
    start: fc.integer({ min: -2, max: DATES.length }),
    length: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
    quantity: fc.constantFrom(25, 75, 100, 300),
  })
  .map(({ who, which, pause, start, length, quantity }): Change => {
    const owner = customers[who % customers.length]!;
    const ofOne = (i: number) => owner.consumptions[i % owner.consumptions.length]!.consumptionId;
    const fromDate = addDays(FIRST, start);
    // A quantity change is of one consumption and has a to date (docs/rules.md section 12).
    if (!pause)
      return {
        customerId: owner.customerId,
        kind: 'quantity',
        consumptionId: ofOne(which ?? who),
        quantity: quantity as Hundredths,
        fromDate,
        toDate: addDays(fromDate, length ?? 2),
      };
    return {
      customerId: owner.customerId,
      kind: 'pause',
      consumptionId: which === null ? null : ofOne(which),
      quantity: null,
      fromDate,
      toDate: length === null ? null : addDays(fromDate, length),
    };
  });

/** The changes as the service lets them be stored: none overlapping an earlier one of its customer. */
function storable(changes: Change[]): Change[] {
  const kept: Change[] = [];
  for (const c of changes) if (!kept.some((k) => k.customerId === c.customerId && overlaps(k, c))) kept.push(c);
  return kept;
}

/** The rows the model plans for every date: customer, product row, date and quantity. */
function modelRows(changes: readonly Change[]): string[] {
  return DATES.flatMap((date) =>
    customers.flatMap((cu) =>
      cu.consumptions.flatMap((co) => {
        const plan = planFor(
          co,
          date,
          changes.filter((c) => c.customerId === cu.customerId),
        );
        return plan.paused ? [] : [`${cu.customerId} ${co.productId} ${date} ${plan.quantity}`];
      }),
    ),
  ).sort();
}

describe('generation and the delivery plan', () => {
  it('make the same rows over random pauses and quantity changes', async () => {
    const db = t.database.db;
    const customerIds = customers.map((c) => c.customerId);
    await fc.assert(
      fc.asyncProperty(fc.array(change, { maxLength: 8 }), async (drawn) => {
        const changes = storable(drawn);
        await db.execute(sql`delete from "transaction"`);
        await db.execute(sql`delete from delivery_change`);
        if (changes.length > 0)
          await db.insert(deliveryChange).values(changes.map(({ changeId: _, ...c }) => ({ ...c, reason: null })));
        const previewed: string[] = [];
        for (const date of DATES) {
          const page = await previewScheduled(db, colonyCode, date, [combinationId], { limit: 100, offset: 0 });
          previewed.push(...page.rows.map((r) => `${r.customerId} ${r.productId} ${date} ${r.quantity}`));
          await insertScheduled(db, { colonyCodes: [colonyCode], customerIds }, date, [combinationId]);
        }
        const generated = await rowsOf<{ row: string }>(
          db,
          sql`select customer_id || ' ' || product_id || ' ' || transaction_date::text || ' ' ||
            (quantity * 100)::int as row from "transaction" where attendance = 1`,
        );
        const expected = modelRows(changes);
        expect(previewed.sort()).toEqual(expected);
        expect(generated.map((r) => r.row).sort()).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
    // Each run generates eight days: room for the runs on a loaded machine.
  }, 600_000);
});
