import type {
  DashboardAgeing,
  DashboardColony,
  DashboardDue,
  DashboardMonth,
  DashboardResponse,
  Hundredths,
} from '@dairy/contract';
import { daysInMonth } from '@dairy/contract';
import { Anchor, Box, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, startTransition, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { monthName } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { FigurePanel } from './figure-panel';
import { useDashboardTexts } from './texts';

type Charts = typeof import('./charts');

/** Asked for as the screen's code runs, so it loads while the month's figures are fetched. */
const charts = import('./charts');
// A failed load shows when the screen asks for it (the error page), not as an unhandled rejection.
charts.catch(() => undefined);
/**
 * The chart code as a query, as the sign-in gate loads its form: not React.lazy, whose chart
 * suspends on its first render even when its code is in, and React then holds it back up to 300 ms.
 */
const chartsQuery = { queryKey: ['dashboard-charts'], queryFn: () => charts, staleTime: Number.POSITIVE_INFINITY };

/** The series' colours, one per product in code order. */
const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6'];

/** A chart's place while the chart code loads: the same height, so nothing jumps. */
const emptySpace = <Box h={220} />;

/** Says when the chart beside it has been drawn: after the browser paints it. */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useEffect(() => startTransition(onDrawn), [onDrawn]);
  return null;
}

/** One date's quantities, a column per product code. */
type DayRow = { date: string; total: Hundredths } & Record<string, string | number>;

/** "2026-03-07" → "7", the day on the chart's axis. */
const dayOf = (date: string) => String(Number(date.slice(8, 10)));
const rupees = (paise: number) => paise / 100;
/** 0.952 → 95.2 (percent, one decimal, as the rate's 3 decimals allow). */
const percent = (rate: number) => Math.round(rate * 1000) / 10;

function dailyRows(data: DashboardResponse): DayRow[] {
  const rows = new Map<string, DayRow>();
  for (const d of data.daily) {
    const row = rows.get(d.date) ?? ({ date: d.date, total: 0 } as DayRow);
    row[d.productCode] = d.quantity;
    row.total += d.quantity;
    rows.set(d.date, row);
  }
  return [...rows.values()];
}

/** Every day of the month on the chart's axis, the days without deliveries at 0. */
function dailyChartData(data: DashboardResponse, rows: DayRow[]) {
  const days = daysInMonth(data);
  const byDay = new Map(rows.map((r) => [dayOf(r.date), r]));
  return Array.from({ length: days }, (_, i) => {
    const day = String(i + 1);
    const point: Record<string, string | number> = { day };
    for (const q of data.cards.quantities) point[q.productCode] = (Number(byDay.get(day)?.[q.productCode]) || 0) / 100;
    return point;
  });
}

/** The charts and tables of the month (docs/rules.md section 22). */
export function Figures({ data }: { data: DashboardResponse }) {
  const texts = useDashboardTexts();
  const period = `${monthName(data.month)} ${data.year}`;
  const file = { month: data.month, year: data.year };
  const products = data.cards.quantities;
  const units = new Set(products.map((p) => p.unit));
  const days = dailyRows(data);
  const paying = data.colonies.filter((c) => c.rate !== null);
  // The month's first chart is drawn on its own; the other figures follow it, so the owner sees a
  // chart without waiting for all of them (docs/performance.md, "The Dashboard in the browser").
  const [firstDrawn, setFirstDrawn] = useState(false);
  const drawnFirst = useCallback(() => setFirstDrawn(true), []);
  const rest = firstDrawn || days.length === 0;
  const loading = useQuery(chartsQuery);
  if (loading.isError) throw loading.error;
  const code = loading.data;
  const chartSpace = (draw: (c: Charts) => ReactNode) => (code ? draw(code) : emptySpace);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <FigurePanel
        title={texts.daily}
        period={period}
        fileFilters={file}
        chart={
          days.length > 0 &&
          chartSpace((c) => (
            <>
              <Drawn onDrawn={drawnFirst} />
              <c.DailyChart
                data={dailyChartData(data, days)}
                dataKey="day"
                series={products.map((p, i) => ({
                  name: p.productCode,
                  label: p.productName,
                  color: COLORS[i % COLORS.length]!,
                }))}
                unit={units.size === 1 ? ` ${[...units][0]}` : undefined}
              />
            </>
          ))
        }
        rows={days}
        withTable={rest}
        rowKey={(r) => r.date}
        empty={texts.nothingYet}
        columns={[
          { header: texts.date, date: (r) => r.date },
          ...products.map((p) => ({
            header: `${p.productName} (${p.unit})`,
            quantity: (r: DayRow) => (r[p.productCode] as number | undefined) ?? 0,
          })),
          ...(products.length > 1 ? [{ header: texts.total, quantity: (r: DayRow) => r.total }] : []),
        ]}
      />
      {rest && (
        <>
          <FigurePanel<DashboardMonth>
            title={texts.months}
            period={period}
            fileFilters={file}
            chart={chartSpace((c) => (
              <c.MoneyChart
                data={data.months.map((m) => ({
                  month: `${monthName(m.month, 'MMM')} ${m.year}`,
                  billed: rupees(m.billed),
                  collected: rupees(m.collected),
                }))}
                dataKey="month"
                series={[
                  { name: 'billed', label: texts.billed, color: 'blue.6' },
                  { name: 'collected', label: texts.collected, color: 'teal.6' },
                ]}
              />
            ))}
            rows={data.months}
            rowKey={(m) => `${m.year}-${m.month}`}
            empty={texts.nothingYet}
            columns={[
              { header: texts.monthColumn, text: (m) => `${monthName(m.month)} ${m.year}` },
              { header: texts.billed, money: (m) => m.billed },
              { header: texts.collected, money: (m) => m.collected },
            ]}
          />
          <FigurePanel<DashboardAgeing>
            title={texts.ageing}
            period={period}
            fileFilters={file}
            chart={chartSpace((c) => (
              <c.MoneyChart
                data={data.ageing.map((a) => ({ bucket: a.bucket, amount: rupees(a.amount) }))}
                dataKey="bucket"
                series={[{ name: 'amount', label: texts.outstanding, color: 'orange.6' }]}
              />
            ))}
            rows={data.ageing}
            rowKey={(a) => a.bucket}
            empty={texts.noDues}
            columns={[
              { header: texts.days, text: (a) => texts.bucket(a.bucket) },
              { header: texts.customers, number: (a) => a.customers },
              { header: texts.amount, money: (a) => a.amount },
            ]}
          />
          <FigurePanel<DashboardColony>
            title={texts.colonies}
            period={period}
            fileFilters={file}
            chart={
              paying.length > 0 &&
              chartSpace((c) => (
                <c.RateChart
                  data={paying.map((p) => ({ colony: p.colonyCode, rate: percent(p.rate!) }))}
                  dataKey="colony"
                  series={[{ name: 'rate', label: texts.rate, color: 'teal.6' }]}
                />
              ))
            }
            rows={data.colonies}
            rowKey={(c) => c.colonyCode}
            empty={texts.nothingYet}
            columns={[
              { header: texts.colonyCode, text: (c) => c.colonyCode },
              { header: texts.colonyName, text: (c) => c.colonyName },
              { header: texts.billed, money: (c) => c.billed },
              { header: texts.collected, money: (c) => c.collected },
              {
                header: texts.ratePercent,
                number: (c) => (c.rate === null ? null : percent(c.rate)),
                show: (c) => (c.rate === null ? texts.noRate : `${percent(c.rate)}%`),
              },
            ]}
          />
          <FigurePanel<DashboardDue>
            title={texts.topDues}
            period={period}
            fileFilters={file}
            rows={data.topDues}
            rowKey={(d) => String(d.customerId)}
            empty={texts.noDues}
            columns={[
              {
                header: texts.customerName,
                text: (d) => d.customerName,
                show: (d) => (
                  <Anchor
                    component={Link}
                    to={`${paths.receivingPayments}?colony=${encodeURIComponent(d.colonyCode)}&customer=${d.customerId}`}
                    aria-label={texts.receiveFrom(d.customerName)}
                  >
                    {d.customerName}
                  </Anchor>
                ),
              },
              { header: texts.colonyCode, text: (d) => d.colonyCode },
              { header: texts.route, number: (d) => d.route },
              { header: texts.due, money: (d) => d.due },
            ]}
          />
        </>
      )}
    </SimpleGrid>
  );
}
