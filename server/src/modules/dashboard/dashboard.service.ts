import { type DashboardResponse, monthDates, monthsEnding, TOP_DUES, type YearMonth } from '@dairy/contract';
import type { Db } from '../../db/client';
import { readInOneSnapshot } from '../../db/snapshot';
import { ageingOf, collectionRate } from '../../domain/dashboard';
import { allColonies } from '../colony/colony.repo';
import {
  billedByMonth,
  collectedByMonth,
  colonySums,
  customerCounts,
  type DeliveredDay,
  deliveredByDay,
  largestDues,
  type MonthSum,
  owingByDays,
} from './dashboard.repo';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The month's delivered quantity per product code, in code order. */
function quantitiesOf(days: readonly DeliveredDay[]): DashboardResponse['cards']['quantities'] {
  const byCode = new Map<string, DashboardResponse['cards']['quantities'][number]>();
  for (const { productCode, productName, unit, quantity } of days) {
    const known = byCode.get(productCode);
    if (known) known.quantity += quantity;
    else byCode.set(productCode, { productCode, productName, unit, quantity });
  }
  return [...byCode.values()].sort((a, b) => byText(a.productCode, b.productCode));
}

const amountIn = (sums: readonly MonthSum[], { year, month }: YearMonth) =>
  sums.find((s) => s.year === year && s.month === month)?.amount ?? 0;

/**
 * The owner's dashboard for a month (docs/rules.md section 22), with `today` for what is owed now
 * and for how long. A handful of grouped statements over the whole dairy, read in one snapshot.
 */
export async function dashboardOf(
  db: Db,
  chosen: YearMonth,
  today: string,
  timeZone: string,
): Promise<DashboardResponse> {
  const [before] = monthsEnding(chosen, 2) as [YearMonth, YearMonth];
  const { from, until } = monthDates(chosen);
  const year = monthsEnding(chosen);
  const first = year[0]!;
  // Three reads of about equal cost, side by side where the engine allows (readInOneSnapshot).
  const [days, customers, { billed, collected, colonies, perColony, owing, topDues }] = await readInOneSnapshot(db, [
    (tx) => deliveredByDay(tx, from, until),
    (tx) => customerCounts(tx, { previousFrom: monthDates(before).from, from, until }),
    async (tx) => ({
      billed: await billedByMonth(tx, first, chosen),
      collected: await collectedByMonth(tx, first, chosen, timeZone),
      colonies: (await allColonies(tx)).filter((c) => c.disable === 0),
      perColony: new Map((await colonySums(tx, chosen)).map((s) => [s.colonyCode, s])),
      owing: await owingByDays(tx, today, timeZone),
      topDues: await largestDues(tx, TOP_DUES),
    }),
  ]);
  return {
    month: chosen.month,
    year: chosen.year,
    cards: {
      quantities: quantitiesOf(days),
      billed: amountIn(billed, chosen),
      collected: amountIn(collected, chosen),
      outstanding: owing.reduce((sum, o) => sum + o.amount, 0),
      customersDelivered: customers.delivered,
      customersStarted: customers.started,
      customersStopped: customers.stopped,
    },
    daily: days
      .map(({ date, productCode, quantity }) => ({ date, productCode, quantity }))
      .sort((a, b) => byText(a.date, b.date) || byText(a.productCode, b.productCode)),
    months: year.map((m) => ({ ...m, billed: amountIn(billed, m), collected: amountIn(collected, m) })),
    ageing: ageingOf(owing),
    colonies: colonies.map(({ colonyCode, colonyName }) => {
      const sums = perColony.get(colonyCode) ?? { billed: 0, collected: 0 };
      const rate = collectionRate(sums.collected, sums.billed);
      return { colonyCode, colonyName, billed: sums.billed, collected: sums.collected, rate };
    }),
    topDues,
  };
}
