import { describe, expect, it } from 'vitest';
import { type CalendarChange, calendarDays } from './calendar-days';

const cow = (date: string, quantity: number, attendance = 1) => ({
  date,
  productCode: 'COW',
  unit: 'L',
  quantity,
  attendance,
});
const pause = (fromDate: string, toDate: string | null, productCode: string | null = null): CalendarChange => ({
  kind: 'pause',
  productCode,
  unit: null,
  quantity: null,
  fromDate,
  toDate,
});

const dayOf = (days: ReturnType<typeof calendarDays>, day: number) => days[day - 1]!;

describe('the month calendar', () => {
  it('shows deliveries, absences, pauses, planned changes and today', () => {
    const days = calendarDays({
      year: 2026,
      month: 11,
      today: '2026-11-10',
      deliveries: [cow('2026-11-01', 150), cow('2026-11-02', 150, 0), cow('2026-11-05', 100, 0)],
      changes: [
        pause('2026-11-05', '2026-11-06'),
        pause('2026-11-20', null, 'COW'),
        {
          kind: 'quantity',
          productCode: 'COW',
          unit: 'L',
          quantity: 250,
          fromDate: '2026-11-09',
          toDate: '2026-11-12',
        },
      ],
    });
    expect(days).toHaveLength(30);
    expect(dayOf(days, 1).items).toEqual([{ productCode: 'COW', text: 'COW 1.5 L', state: 'delivered' }]);
    expect(dayOf(days, 2).items).toEqual([{ productCode: 'COW', text: 'COW', state: 'absent' }]);
    expect(dayOf(days, 2).paused).toBe(false);
    // A generated row the pause corrected, and a day the pause kept from being generated.
    expect(dayOf(days, 5)).toMatchObject({ paused: true, items: [{ state: 'paused' }] });
    expect(dayOf(days, 6)).toMatchObject({ paused: true, items: [] });
    expect(dayOf(days, 10)).toMatchObject({ today: true, items: [] });
    // After today a quantity change is planned; on and before today only rows count.
    expect(dayOf(days, 11).items).toEqual([{ productCode: 'COW', text: 'COW 2.5 L', state: 'planned' }]);
    expect(dayOf(days, 30)).toMatchObject({ paused: true, items: [{ productCode: 'COW', state: 'paused' }] });
    expect(days.filter((d) => d.today)).toHaveLength(1);
  });
});
