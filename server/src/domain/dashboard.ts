import { AGEING_BUCKETS, type AgeingBucket, type Paise } from '@dairy/contract';

/*
 * The owner's dashboard's own rules (docs/rules.md section 22): which months the year's chart
 * shows, which bucket a due falls in, and the collection rate. The sums come from the database.
 */

/** The bucket of a due unpaid for `days` days (a date ahead of today counts as 0 days). */
export function ageingBucket(days: number): AgeingBucket {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

/** Owing customers grouped by days since they last paid: every bucket, empty ones with zeros. */
export function ageingOf(rows: readonly { days: number; customers: number; amount: Paise }[]) {
  const buckets = new Map(AGEING_BUCKETS.map((bucket) => [bucket, { bucket, customers: 0, amount: 0 }]));
  for (const row of rows) {
    const sum = buckets.get(ageingBucket(row.days))!;
    sum.customers += row.customers;
    sum.amount += row.amount;
  }
  return [...buckets.values()];
}

/**
 * collected ÷ billed, rounded to 3 decimals half away from zero, computed exactly on the paise;
 * null when nothing was billed.
 */
export function collectionRate(collected: Paise, billed: Paise): number | null {
  if (billed === 0) return null;
  const negative = collected < 0 !== billed < 0;
  const numerator = BigInt(Math.abs(collected)) * 2000n + BigInt(Math.abs(billed));
  const thousandths = Number(numerator / (BigInt(Math.abs(billed)) * 2n));
  const rate = thousandths / 1000;
  return negative && thousandths !== 0 ? -rate : rate;
}
