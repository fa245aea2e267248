import {
  type GenerateAllTransactionsResponse,
  type ProductQuantity,
  quantityWithUnit,
  type TodayColony,
  type TodayResponse,
  todayTexts,
  transactionTexts,
} from '@dairy/contract';
import { Alert, Anchor, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmGenerationDate, DateField } from '../../components/date-field';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { useBusinessToday, useLabel } from '../../lib/config';
import { formatDate, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useUrlState } from '../../lib/url-state';
import { useGenerateAll, useGenerateColony, useToday } from './api';

/** `YYYY-MM-DD` moved by `days` (calendar dates, read as UTC). */
function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "COW 182.5 L · BUF 40 L": the quantity to load per product code. */
export function loadText(quantities: readonly ProductQuantity[]): string {
  return quantities.map((q) => `${q.productCode} ${quantityWithUnit(q.quantity, q.unit)}`).join(' · ') || '—';
}

const routeSheetOf = (colony: string, date: string) =>
  `${paths.routeSheet}?colony=${encodeURIComponent(colony)}&date=${date}`;
const collectOf = (colony: string) => `${paths.collect}?colony=${encodeURIComponent(colony)}`;

/**
 * Today (/today, docs/rules.md section 13): the day of every active colony at a glance, with the
 * morning's actions: generate (one colony or all), the route sheet, collection entry.
 */
export function TodayPage() {
  const businessToday = useBusinessToday();
  const [filters, setFilters] = useUrlState({ date: businessToday });
  const date = filters.date || businessToday;
  const day = useToday(date);
  const generateAll = useGenerateAll();
  const [generated, setGenerated] = useState<GenerateAllTransactionsResponse | null>(null);

  const setDate = (next: string) => {
    setGenerated(null);
    setFilters({ date: next });
  };

  const runGenerateAll = async () => {
    try {
      const response = await generateAll.mutateAsync({ date });
      const created = response.colonies.reduce((sum, c) => sum + c.created, 0);
      notify.success(todayTexts.generated(created, response.colonies.length));
      setGenerated(response);
    } catch (error) {
      notify.failure(error, todayTexts.generateFailed, () => transactionTexts.generateNoAnswer);
    }
  };

  return (
    <PageCard title="Today">
      <Stack gap="sm">
        <Group gap="xs" align="end" wrap="wrap">
          <Button variant="default" onClick={() => setDate(shiftDate(date, -1))} aria-label="Previous day">
            ‹ Previous
          </Button>
          <DateField label="Date" value={date} onChange={(next) => next && setDate(next)} w={170} />
          <Button variant="default" onClick={() => setDate(shiftDate(date, 1))} aria-label="Next day">
            Next ›
          </Button>
          {date !== businessToday && (
            <Button variant="subtle" onClick={() => setDate(businessToday)}>
              Today
            </Button>
          )}
          <Button
            onClick={() => confirmGenerationDate(date, businessToday, runGenerateAll)}
            loading={generateAll.isPending}
            ml={{ sm: 'auto' }}
          >
            {todayTexts.generateAll}
          </Button>
        </Group>
        {generated?.date === date && (
          <GeneratedAlert result={generated} day={day.data} onClose={() => setGenerated(null)} />
        )}
        <QueryState query={day} failure={todayTexts.loadFailed}>
          {day.data && <DayTable day={day.data} />}
        </QueryState>
      </Stack>
    </PageCard>
  );
}

function GeneratedAlert({
  result,
  day,
  onClose,
}: {
  result: GenerateAllTransactionsResponse;
  day: TodayResponse | undefined;
  onClose: () => void;
}) {
  const nameOf = (code: string) => day?.colonies.find((c) => c.colonyCode === code)?.colonyName ?? code;
  return (
    <Alert color="green" title={`Generated for ${formatDate(result.date)}`} withCloseButton onClose={onClose}>
      <List size="sm" spacing={2} aria-label="Generated per colony">
        {result.colonies.map((c) => (
          <List.Item key={c.colonyCode}>
            {nameOf(c.colonyCode)}: {transactionTexts.created(c.created)}
            {c.existing > 0 ? ` ${c.existing} already there.` : ''}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function DayTable({ day }: { day: TodayResponse }) {
  const label = useLabel();
  if (day.colonies.length === 0) return <Text c="dimmed">{todayTexts.noColonies}</Text>;
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table striped highlightOnHover withTableBorder aria-label="Colonies today">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Colony</Table.Th>
            <Table.Th ta="right">Customers</Table.Th>
            <Table.Th ta="right">Scheduled</Table.Th>
            <Table.Th ta="right">Generated</Table.Th>
            <Table.Th ta="right">Absent</Table.Th>
            <Table.Th ta="right">Paused</Table.Th>
            <Table.Th>{label('{product} to load')}</Table.Th>
            <Table.Th ta="right">Collected</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {day.colonies.map((c) => (
            <ColonyRow key={c.colonyCode} colony={c} date={day.date} />
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700} aria-label="Totals">
            <Table.Td>Total</Table.Td>
            <Figures figures={day.totals} />
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The figure cells a colony and the totals row share. */
function Figures({ figures }: { figures: Omit<TodayColony, 'colonyCode' | 'colonyName'> }) {
  return (
    <>
      <Table.Td ta="right">{figures.customers}</Table.Td>
      <Table.Td ta="right">{figures.scheduled}</Table.Td>
      <Table.Td ta="right">{figures.generated}</Table.Td>
      <Table.Td ta="right">{figures.absent}</Table.Td>
      <Table.Td ta="right">{figures.paused}</Table.Td>
      <Table.Td>{loadText(figures.quantities)}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(figures.collected)} ({figures.receipts})
      </Table.Td>
    </>
  );
}

function ColonyRow({ colony, date }: { colony: TodayColony; date: string }) {
  const today = useBusinessToday();
  const generate = useGenerateColony();
  const run = async () => {
    try {
      const response = await generate.mutateAsync({ colony: colony.colonyCode, date });
      notify.success(todayTexts.generated(response.created, 1));
    } catch (error) {
      notify.failure(error, transactionTexts.generateFailed, () => transactionTexts.generateNoAnswer);
    }
  };
  return (
    <Table.Tr>
      <Table.Td>{colony.colonyName}</Table.Td>
      <Figures figures={colony} />
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            onClick={() => confirmGenerationDate(date, today, run)}
            loading={generate.isPending}
            disabled={colony.scheduled === 0}
            aria-label={`Generate ${colony.colonyName}`}
          >
            Generate
          </Button>
          <Anchor
            component={Link}
            to={routeSheetOf(colony.colonyCode, date)}
            size="sm"
            aria-label={`Route sheet ${colony.colonyName}`}
          >
            Route sheet
          </Anchor>
          <Anchor
            component={Link}
            to={collectOf(colony.colonyCode)}
            size="sm"
            aria-label={`Collect ${colony.colonyName}`}
          >
            Collect
          </Anchor>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
