import { mondayColumn } from '@dairy/contract/periods';
import type { PageData } from './api';
import { dayAndMonth, monthName, type Translate } from './i18n';
import type { MessageKey } from './messages/en';
import { type CalendarDay, type DayEntry, monthDays } from './month';

/*
 * This month as a calendar, Monday first (docs/rules.md section 19): each day's quantity per
 * product, paused and absent days marked, today highlighted. A screen reader hears each day in
 * words ("26 November, today: Cow Milk 1.5 L"); the eye sees the short form.
 */

const WEEKDAY_KEYS: MessageKey[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

function entryWords(t: Translate, entry: DayEntry): string {
  if (entry.state === 'paused') return `${entry.productName}: ${t('paused')}`;
  if (entry.state === 'absent') return `${entry.productName}: ${t('absent')}`;
  const quantity = `${entry.productName} ${entry.quantity} ${entry.unit}`;
  return entry.state === 'planned' ? `${quantity} (${t('planned')})` : quantity;
}

function Day({ day, t, today, short }: { day: CalendarDay; t: Translate; today: string; short: boolean }) {
  const isToday = day.date === today;
  const words = `${dayAndMonth(t, day.date)}${isToday ? `, ${t('today')}` : ''}: ${day.entries.map((e) => entryWords(t, e)).join(', ')}`;
  return (
    <td className={isToday ? 'day today' : 'day'} aria-current={isToday ? 'date' : undefined}>
      <span className="sr-only">{words}</span>
      <span aria-hidden="true">
        <span className="day-number">{day.day}</span>
        {day.entries.map((entry) => (
          <span key={entry.productCode} className={`entry ${entry.state}`}>
            {!short && <span className="code">{entry.productCode} </span>}
            {entry.state === 'paused' ? t('paused') : entry.state === 'absent' ? t('absent') : entry.quantity}
          </span>
        ))}
      </span>
    </td>
  );
}

export function MonthCalendar({ data, t }: { data: PageData; t: Translate }) {
  const days = monthDays(data);
  const first = days[0];
  const lead = first ? mondayColumn(first.date) : 0;
  const slots: (CalendarDay | null)[] = [...Array.from({ length: lead }, () => null), ...days];
  while (slots.length % 7) slots.push(null);
  const weeks = Array.from({ length: slots.length / 7 }, (_, w) => slots.slice(w * 7, w * 7 + 7));
  // One product: each day shows its quantity alone; several: each with its product's code.
  const products = new Map<string, { productName: string; unit: string }>();
  for (const c of data.consumptions) products.set(c.productCode, c);
  for (const day of days) for (const e of day.entries) if (!products.has(e.productCode)) products.set(e.productCode, e);
  const short = products.size <= 1;
  const title = `${monthName(t, data.statement.month)} ${data.statement.year}`;
  return (
    <section aria-labelledby="calendar-title" className="card">
      <h2 id="calendar-title">
        {t('calendarTitle')}: {title}
      </h2>
      <table className="calendar">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            {WEEKDAY_KEYS.map((key) => (
              <th key={key} scope="col">
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find((d) => d)?.date}>
              {week.map((day, i) =>
                day ? (
                  <Day key={day.date} day={day} t={t} today={data.today} short={short} />
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: empty slots before the 1st and after the last day
                  <td key={i} className="empty" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="legend">
        {[...products].map(([code, p]) => (
          <li key={code}>
            {short ? '' : `${code}: `}
            {p.productName} ({p.unit})
          </li>
        ))}
        <li>
          <span className="swatch delivered" aria-hidden="true" /> {t('legendDelivered')}
        </li>
        <li>
          <span className="swatch planned" aria-hidden="true" /> {t('legendPlanned')}
        </li>
        <li>
          <span className="swatch paused" aria-hidden="true" /> {t('paused')}
        </li>
        <li>
          <span className="swatch absent" aria-hidden="true" /> {t('absent')}
        </li>
      </ul>
    </section>
  );
}
