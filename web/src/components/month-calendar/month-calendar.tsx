import { mondayColumn, monthStart } from '@dairy/contract';
import { type CalendarChange, type CalendarDay, type CalendarDelivery, calendarDays } from './calendar-days';
import classes from './month-calendar.module.css';
import { useCalendarTexts } from './texts';

/**
 * A month as a calendar, weeks from Monday (docs/rules.md sections 19 and 23): each day's quantity
 * per product, paused and absent days said in words, today outlined and marked for screen readers.
 * Plain markup and its own styles.
 */
export function MonthCalendar({
  year,
  month,
  today,
  deliveries,
  changes,
  title,
}: {
  year: number;
  /** 1-12. */
  month: number;
  today: string;
  deliveries: readonly CalendarDelivery[];
  changes: readonly CalendarChange[];
  /** The caption: the month's name as the screen writes it. */
  title: string;
}) {
  const t = useCalendarTexts();
  const days = calendarDays({ year, month, today, deliveries, changes });
  const cells: (CalendarDay | null)[] = [...Array(mondayColumn(monthStart({ year, month }))).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return (
    <table className={classes.calendar}>
      <caption>{title}</caption>
      <thead>
        <tr>
          {t.weekdays.map((name) => (
            <th key={name} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find((d) => d)?.date}>
            {week.map((day, i) =>
              // biome-ignore lint/suspicious/noArrayIndexKey: the empty cells before the 1st and after the last day have only their place.
              day ? <DayCell key={day.date} day={day} /> : <td key={i} aria-hidden="true" />,
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayCell({ day }: { day: CalendarDay }) {
  const t = useCalendarTexts();
  const className = [day.today ? classes.today : '', day.paused ? classes.paused : ''].join(' ').trim() || undefined;
  return (
    <td className={className} aria-current={day.today ? 'date' : undefined} data-date={day.date}>
      <span className={classes.number}>{day.day}</span>
      {day.paused && day.items.length === 0 && <span className={classes.mark}>{t.paused}</span>}
      {day.items.map((item) => (
        <span key={`${item.productCode} ${item.state}`} className={`${classes.item} ${itemClass(item.state)}`}>
          {item.text}
          {item.state === 'paused' && ` ${t.paused}`}
          {item.state === 'absent' && ` ${t.absent}`}
          {item.state === 'planned' && ` (${t.planned})`}
        </span>
      ))}
    </td>
  );
}

const itemClass = (state: CalendarDay['items'][number]['state']) =>
  state === 'absent' ? classes.absent : state === 'planned' ? classes.planned : state === 'paused' ? classes.mark : '';
