import { daysInMonth, type Hundredths, isoDate, quantityWithUnit } from '@dairy/contract';

/*
 * A month as the calendar shows it (docs/rules.md sections 19 and 23): each day's deliveries per
 * product, paused and absent days, today. A pure function of the month's deliveries and the
 * customer's changes, shared by the office's customer file and the customer's own page.
 */

/** A delivery row of the month (a statement's `days`). */
export interface CalendarDelivery {
  date: string;
  productCode: string;
  unit: string;
  quantity: Hundredths;
  /** 1 delivered, 0 not. */
  attendance: number;
}

/** A pause or quantity change (a change row's fields the calendar reads). */
export interface CalendarChange {
  kind: 'pause' | 'quantity';
  /** Null: every product of the customer (a pause only). */
  productCode: string | null;
  unit: string | null;
  quantity: Hundredths | null;
  fromDate: string;
  /** Null: until further notice. */
  toDate: string | null;
}

export type ItemState = 'delivered' | 'absent' | 'paused' | 'planned';

export interface CalendarItem {
  productCode: string;
  /** 'COW 1.5 L' for a delivery or a planned quantity; the code alone for a pause or an absence. */
  text: string;
  state: ItemState;
}

export interface CalendarDay {
  date: string;
  day: number;
  today: boolean;
  /** A pause of every product covers the day. */
  paused: boolean;
  items: CalendarItem[];
}

const covers = (c: CalendarChange, date: string) => c.fromDate <= date && (c.toDate === null || date <= c.toDate);

/**
 * Each day of the month (1-12): delivered rows show their quantity; a row not delivered is
 * 'paused' when a pause covers it, else 'absent'; a day without rows shows the pauses covering
 * it and, after today, the quantity changes planned for it.
 */
export function calendarDays(input: {
  year: number;
  month: number;
  today: string;
  deliveries: readonly CalendarDelivery[];
  changes: readonly CalendarChange[];
}): CalendarDay[] {
  const { year, month, today, deliveries, changes } = input;
  const byDate = new Map<string, CalendarDelivery[]>();
  for (const d of deliveries) byDate.set(d.date, [...(byDate.get(d.date) ?? []), d]);
  const days: CalendarDay[] = [];
  for (let day = 1; day <= daysInMonth({ year, month }); day++) {
    const date = isoDate(year, month, day);
    const covering = changes.filter((c) => covers(c, date));
    const pauses = covering.filter((c) => c.kind === 'pause');
    const pausedAll = pauses.some((c) => c.productCode === null);
    const pausedProduct = (code: string) => pausedAll || pauses.some((c) => c.productCode === code);
    const rows = [...(byDate.get(date) ?? [])].sort((a, b) => (a.productCode < b.productCode ? -1 : 1));
    const items: CalendarItem[] = rows.map((r) =>
      r.attendance === 1
        ? {
            productCode: r.productCode,
            text: `${r.productCode} ${quantityWithUnit(r.quantity, r.unit)}`,
            state: 'delivered',
          }
        : {
            productCode: r.productCode,
            text: r.productCode,
            state: pausedProduct(r.productCode) ? 'paused' : 'absent',
          },
    );
    if (rows.length === 0) {
      for (const c of pauses)
        if (c.productCode !== null && !pausedAll)
          items.push({ productCode: c.productCode, text: c.productCode, state: 'paused' });
      if (date > today)
        for (const c of covering)
          if (c.kind === 'quantity' && c.productCode && c.quantity !== null && !pausedProduct(c.productCode))
            items.push({
              productCode: c.productCode,
              text: `${c.productCode} ${quantityWithUnit(c.quantity, c.unit ?? '')}`,
              state: 'planned',
            });
    }
    const paused = pausedAll || (items.length > 0 && items.every((i) => i.state === 'paused'));
    days.push({ date, day, today: date === today, paused, items: pausedAll && rows.length === 0 ? [] : items });
  }
  return days;
}
