import type { ChangeKind, Hundredths } from '@dairy/contract';

/*
 * Delivery changes (docs/rules.md section 12), as pure rules: which change covers a date for a
 * consumption, when two changes overlap, and what a consumption's plan for a date is. Dates are
 * `YYYY-MM-DD`, which compare as text. Generation applies the same plan in SQL (`scheduled`,
 * `pausedOn`, `quantityChangesOn` in server/src/modules/transaction/generation.repo.ts);
 * server/test/api/generation-plan.test.ts holds the two equal over random changes.
 */

export interface DeliveryChange {
  changeId?: number;
  /** Null: every consumption of the customer (a pause only). */
  consumptionId: number | null;
  kind: ChangeKind;
  /** A quantity change's quantity. */
  quantity: Hundredths | null;
  fromDate: string;
  /** Null: until further notice (a pause only). */
  toDate: string | null;
}

/** Whether the change's dates include `date`. */
export function coversDate(change: DeliveryChange, date: string): boolean {
  return change.fromDate <= date && (change.toDate === null || date <= change.toDate);
}

/** Whether the change is about this consumption: its own, or a pause of the whole customer. */
export function concerns(change: DeliveryChange, consumptionId: number): boolean {
  return change.consumptionId === null || change.consumptionId === consumptionId;
}

/** Whether the change covers this consumption on `date`. */
export function covers(change: DeliveryChange, consumptionId: number, date: string): boolean {
  return concerns(change, consumptionId) && coversDate(change, date);
}

/** The change that decides a consumption's `date`: a pause wins over a quantity change. */
export function coveringChange(
  changes: readonly DeliveryChange[],
  consumptionId: number,
  date: string,
): DeliveryChange | undefined {
  const covering = changes.filter((c) => covers(c, consumptionId, date));
  return covering.find((c) => c.kind === 'pause') ?? covering[0];
}

/**
 * Two changes of the same kind may not cover the same consumption on a common date (a
 * customer-wide pause counts for each of its consumptions); an open end reaches every later date.
 * Changes of different kinds never overlap: a pause simply wins.
 */
export function overlaps(a: DeliveryChange, b: DeliveryChange): boolean {
  if (a.kind !== b.kind) return false;
  const sameConsumptions = a.consumptionId === null || b.consumptionId === null || a.consumptionId === b.consumptionId;
  const commonDate = (a.toDate === null || b.fromDate <= a.toDate) && (b.toDate === null || a.fromDate <= b.toDate);
  return sameConsumptions && commonDate;
}

/** What a consumption delivers on a date: nothing (a pause), or a quantity and what decided it. */
export type Plan = { paused: true; change: DeliveryChange } | { paused: false; quantity: Hundredths };

/** The plan of one (consumption, date): paused, the quantity change's quantity, or the consumption's. */
export function planFor(
  consumption: { consumptionId: number; quantity: Hundredths },
  date: string,
  changes: readonly DeliveryChange[],
): Plan {
  const change = coveringChange(changes, consumption.consumptionId, date);
  if (change?.kind === 'pause') return { paused: true, change };
  return { paused: false, quantity: change?.quantity ?? consumption.quantity };
}

export interface Delivery {
  transactionId: number;
  consumptionId: number;
  date: string;
  attendance: 0 | 1;
  quantity: Hundredths;
}

export interface Correction {
  transactionId: number;
  attendance: 0 | 1;
  quantity: Hundredths;
}

/**
 * What creating, editing or deleting changes does to deliveries already generated. `touched` are
 * the changes written (an edit: the old and the new version; a delete: the old one) and
 * `changes` every change of the customer as it now stands. A delivery a touched change covers
 * goes to its plan, in what that kind of change decides: a pause its attendance (0 while paused,
 * 1 with the planned quantity once no pause covers it), a quantity change its quantity (a paused
 * row is left as it is: the pause wins). Returns only the rows that change.
 */
export function corrections(
  deliveries: readonly Delivery[],
  consumptions: ReadonlyMap<number, Hundredths>,
  changes: readonly DeliveryChange[],
  touched: readonly DeliveryChange[],
): Correction[] {
  const result: Correction[] = [];
  for (const delivery of deliveries) {
    const kinds = new Set(touched.filter((t) => covers(t, delivery.consumptionId, delivery.date)).map((t) => t.kind));
    const consumptionQuantity = consumptions.get(delivery.consumptionId);
    if (kinds.size === 0 || consumptionQuantity === undefined) continue;
    const plan = planFor(
      { consumptionId: delivery.consumptionId, quantity: consumptionQuantity },
      delivery.date,
      changes,
    );
    let next: Correction = { ...delivery };
    if (plan.paused) {
      if (kinds.has('pause')) next = { ...next, attendance: 0 };
    } else if (kinds.has('pause')) next = { ...next, attendance: 1, quantity: plan.quantity };
    else next = { ...next, quantity: plan.quantity };
    if (next.attendance !== delivery.attendance || next.quantity !== delivery.quantity) {
      result.push({ transactionId: next.transactionId, attendance: next.attendance, quantity: next.quantity });
    }
  }
  return result;
}
