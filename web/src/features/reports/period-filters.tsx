import { Group } from '@mantine/core';
import { useState } from 'react';
import { ColonySelect, MonthSelect, useColonyOptions, YearSelect } from '../../components/pickers';
import type { Period } from './api';

/** The name a person knows a colony by (titles and PDF file names), from its code. */
export function useColonyName(code: string | null): string {
  const colonies = useColonyOptions();
  return colonies.data?.rows.find((c) => c.colonyCode === code)?.colonyName ?? code ?? '';
}

/** Colony, month and year dropdowns; `period` is set once month and year are both chosen. */
export function usePeriodFilters() {
  const [colony, setColony] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(null);
  const [year, setYear] = useState<string | null>(null);
  const colonyName = useColonyName(colony);
  const period: Period | null = month && year ? { month: Number(month), year: Number(year) } : null;
  const filters = (
    <Group align="flex-end" mb="md">
      <ColonySelect value={colony} onChange={setColony} w={260} />
      <MonthSelect value={month} onChange={setMonth} w={180} />
      <YearSelect value={year} onChange={setYear} w={140} />
    </Group>
  );
  return { colony, colonyName, period, ready: Boolean(colony && period), filters };
}
