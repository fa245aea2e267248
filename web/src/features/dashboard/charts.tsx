import '@mantine/charts/styles.css';
import { rupeeText } from '@dairy/contract';
import { BarChart, type BarChartSeries } from '@mantine/charts';

/*
 * The Dashboard's charts (docs/rules.md section 22), in a file of their own: the chart library
 * loads with the first chart, never with any other screen. Each chart's numbers are in its table;
 * the charts are drawn at once, without animation, so the month shows as soon as it arrives.
 */

const HEIGHT = 220;
const still = { isAnimationActive: false };
const rupees = (value: number) => rupeeText(Math.round(value * 100));

/** Bars of one series per product or figure, on a category axis `key`. */
interface BarsProps {
  data: Record<string, string | number | null>[];
  dataKey: string;
  series: BarChartSeries[];
}

/** The quantity of each product on each day of the month, stacked. */
export function DailyChart({ data, dataKey, series, unit }: BarsProps & { unit?: string }) {
  return (
    <BarChart
      h={HEIGHT}
      data={data}
      dataKey={dataKey}
      series={series}
      type="stacked"
      unit={unit}
      withLegend={series.length > 1}
      barProps={still}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 4 }}
      tickLine="y"
    />
  );
}

/** Money bars side by side (billed and collected), or one series (outstanding by age). */
export function MoneyChart({ data, dataKey, series }: BarsProps) {
  return (
    <BarChart
      h={HEIGHT}
      data={data}
      dataKey={dataKey}
      series={series}
      valueFormatter={rupees}
      withLegend={series.length > 1}
      barProps={still}
      yAxisProps={{ width: 80 }}
      tickLine="y"
    />
  );
}

/** Collected ÷ billed per colony, in percent; a colony with nothing billed has no bar. */
export function RateChart({ data, dataKey, series }: BarsProps) {
  return <BarChart h={HEIGHT} data={data} dataKey={dataKey} series={series} unit="%" barProps={still} tickLine="y" />;
}
