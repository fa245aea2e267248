import { daysInMonth, isoDate } from '@dairy/contract/periods';
import type { PageChange, PageConsumption, PageData, PageStatement } from './api';

/*
 * This month as the customer's calendar shows it (docs/rules.md section 19): what each day brought
 * or will bring, per product. Days already generated show their deliveries; today and later days
 * not generated yet show the plan (the consumption's days and quantity, with the changes applied:
 * a pause wins over a quantity change, as in docs/rules.md section 12).
 */

export type DayState = 'delivered' | 'absent' | 'paused' | 'planned';

export interface DayEntry {
  productCode: string;
  productName: string;
  unit: string;
  quantity: number;
  state: DayState;
}

export interface CalendarDay {
  date: string;
  day: number;
  entries: DayEntry[];
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const covers = (change: PageChange, date: string) =>
  change.fromDate <= date && (change.toDate === null || date <= change.toDate);

function changeFor(changes: PageChange[], kind: PageChange['kind'], date: string, consumptionId: number | null) {
  return changes.find(
    (c) => c.kind === kind && covers(c, date) && (c.consumptionId === null || c.consumptionId === consumptionId),
  );
}

function planned(consumption: PageConsumption, changes: PageChange[], date: string): DayEntry | null {
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
  if (!consumption.days.split(',').some((d) => d.trim() === weekday)) return null;
  const { productCode, productName, unit } = consumption;
  if (changeFor(changes, 'pause', date, consumption.consumptionId))
    return { productCode, productName, unit, quantity: 0, state: 'paused' };
  const other = changeFor(changes, 'quantity', date, consumption.consumptionId);
  return { productCode, productName, unit, quantity: other?.quantity ?? consumption.quantity, state: 'planned' };
}

/** Every day of the statement's month with its entries. */
export function monthDays(page: Pick<PageData, 'statement' | 'consumptions' | 'changes' | 'today'>): CalendarDay[] {
  const { statement, consumptions, changes, today } = page;
  const byDate = new Map<string, DayEntry[]>();
  for (const row of statement.days) {
    const paused =
      row.attendance === 0 &&
      changes.some(
        (c) =>
          c.kind === 'pause' && covers(c, row.date) && (c.productCode === null || c.productCode === row.productCode),
      );
    const entry: DayEntry = {
      productCode: row.productCode,
      productName: row.productName,
      unit: row.unit,
      quantity: row.quantity,
      state: row.attendance === 1 ? 'delivered' : paused ? 'paused' : 'absent',
    };
    byDate.set(row.date, [...(byDate.get(row.date) ?? []), entry]);
  }
  return Array.from({ length: daysInMonth(statement) }, (_, i) => {
    const date = isoDate(statement.year, statement.month, i + 1);
    const generated = byDate.get(date);
    const entries =
      generated ??
      (date >= today
        ? consumptions.map((c) => planned(c, changes, date)).filter((e): e is DayEntry => e !== null)
        : []);
    return { date, day: i + 1, entries };
  });
}

/** Rupees → paise, exactly (the wire has at most 2 decimals). */
const hundredths = (n: number) => Math.round(n * 100);

/**
 * The month so far: the bill's product charge once the month is billed; before that, the same sum
 * the bill will make of the deliveries so far (price × quantity per line, rounded once per line,
 * docs/rules.md section 12). In rupees, with the number of deliveries.
 */
export function monthSoFar(statement: PageStatement): { amount: number; deliveries: number } {
  const delivered = statement.days.filter((d) => d.attendance === 1);
  if (statement.lines.length > 0) return { amount: statement.productCharge, deliveries: delivered.length };
  const lines = new Map<string, { price: number; quantity: number }>();
  for (const day of delivered) {
    const key = `${day.productCode} ${day.price}`;
    const line = lines.get(key) ?? { price: hundredths(day.price), quantity: 0 };
    line.quantity += hundredths(day.quantity);
    lines.set(key, line);
  }
  let paise = 0;
  for (const line of lines.values()) paise += Math.round((line.price * line.quantity) / 100);
  return { amount: paise / 100, deliveries: delivered.length };
}
