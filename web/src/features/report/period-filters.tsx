import { Group } from '@mantine/core';
import { ColonySelect, MonthSelect, useColonyOptions, YearSelect } from '../../components/pickers';
import { useCurrentPeriod } from '../../lib/config';
import { useUrlState } from '../../lib/url-state';
import type { Period } from './api';

/** The name a person knows a colony by (titles and PDF file names), from its code. */
export function useColonyName(code: string | null): string {
  const colonies = useColonyOptions();
  return colonies.data?.rows.find((c) => c.colonyCode === code)?.colonyName ?? code ?? '';
}

/**
 * Colony, month and year dropdowns, kept in the address; month and year start at this month.
 * `period` is set while month and year are both chosen.
 */
export function usePeriodFilters() {
  const current = useCurrentPeriod();
  const [filters, setFilters] = useUrlState({
    colony: null,
    month: String(current.month),
    year: String(current.year),
  });
  const { colony, month, year } = filters;
  const colonyName = useColonyName(colony);
  const period: Period | null = month && year ? { month: Number(month), year: Number(year) } : null;
  const controls = (
    <Group align="flex-end" mb="md">
      <ColonySelect value={colony} onChange={(value) => setFilters({ colony: value })} w={260} />
      <MonthSelect value={month} onChange={(value) => setFilters({ month: value })} w={180} />
      <YearSelect value={year} onChange={(value) => setFilters({ year: value })} w={140} />
    </Group>
  );
  return { colony, colonyName, period, ready: Boolean(colony && period), filters: controls };
}
