import { Group } from '@mantine/core';
import { useState } from 'react';
import { ColonySelect, MonthSelect, useColonyOptions, YearSelect } from '../../components/pickers';
import type { Period } from './api';

/** Colony, month and year dropdowns; `period` is set once month and year are both chosen. */
export function usePeriodFilters() {
  const [colony, setColony] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(null);
  const [year, setYear] = useState<string | null>(null);
  const colonies = useColonyOptions();
  const colonyName = colonies.data?.rows.find((c) => c.colonyCode === colony)?.colonyName ?? colony ?? '';
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
