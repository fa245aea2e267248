import {
  type ProductQuantity,
  quantityWithUnit,
  type TodayColony,
  type TodayResponse,
  todayTexts,
  transactionTexts,
} from '@dairy/contract';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { confirmGenerationDate } from '../../components/date-field';
import { notify } from '../../components/notify';
import { useBusinessToday, useLabel } from '../../lib/config';
import { formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useNarrowScreen } from '../../lib/screen-size';
import { useGenerateColony } from './api';
import { todayScreenTexts } from './texts';

type Figures = Omit<TodayColony, 'colonyCode' | 'colonyName'>;

/** "COW 182.5 L · BUF 40 L": the quantity to load per product code. */
export function loadText(quantities: readonly ProductQuantity[]): string {
  return quantities.map((q) => `${q.productCode} ${quantityWithUnit(q.quantity, q.unit)}`).join(' · ') || '—';
}

/**
 * What generation would still create: 'Done' once the day has deliveries and nothing is left,
 * so 0 never reads as "nothing scheduled" (the API keeps the field's name, `scheduled`).
 */
const toGenerate = (f: Figures) => (f.scheduled === 0 && f.generated > 0 ? 'Done' : String(f.scheduled));

const routeSheetOf = (colony: string, date: string) =>
  `${paths.routeSheet}?colony=${encodeURIComponent(colony)}&date=${date}`;
const collectOf = (colony: string) => `${paths.collect}?colony=${encodeURIComponent(colony)}`;

/**
 * The colonies of the day: a wide table from the md breakpoint, and below it a row per colony
 * laid out for a phone (its figures under its name, the actions beside), never scrolling sideways.
 * `mayGenerate`: the user's role may generate (docs/rules.md section 23).
 */
export function DayTable({ day, mayGenerate }: { day: TodayResponse; mayGenerate: boolean }) {
  const narrow = useNarrowScreen('md');
  if (day.colonies.length === 0) return <Text c="dimmed">{todayTexts.noColonies}</Text>;
  const Row = narrow ? NarrowRow : WideRow;
  return (
    <Table striped highlightOnHover withTableBorder aria-label="Colonies today">
      {!narrow && <WideHead />}
      <Table.Tbody>
        {day.colonies.map((c) => (
          <Row key={c.colonyCode} colony={c} date={day.date} mayGenerate={mayGenerate} />
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Row colony={{ colonyCode: '', colonyName: 'Total', ...day.totals }} date={day.date} mayGenerate={false} />
      </Table.Tfoot>
    </Table>
  );
}

function WideHead() {
  const label = useLabel();
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Colony</Table.Th>
        <Table.Th ta="right">Customers</Table.Th>
        <Table.Th ta="right">To generate</Table.Th>
        <Table.Th ta="right">Generated</Table.Th>
        <Table.Th ta="right">Absent</Table.Th>
        <Table.Th ta="right">Paused</Table.Th>
        <Table.Th>{label('{product} to load')}</Table.Th>
        <Table.Th ta="right">Collected</Table.Th>
        <Table.Th ta="right" title={todayScreenTexts.requestsHint}>
          {todayScreenTexts.requests}
        </Table.Th>
        <Table.Th>Actions</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

interface RowProps {
  /** The totals row has no code and no actions. */
  colony: TodayColony;
  date: string;
  mayGenerate: boolean;
}

const collected = (f: Figures) => `${formatMoney(f.collected)} (${f.receipts})`;

function WideRow({ colony, date, mayGenerate }: RowProps) {
  const total = colony.colonyCode === '';
  return (
    <Table.Tr fw={total ? 700 : undefined} aria-label={total ? 'Totals' : undefined}>
      <Table.Td>{colony.colonyName}</Table.Td>
      <Table.Td ta="right">{colony.customers}</Table.Td>
      <Table.Td ta="right">{toGenerate(colony)}</Table.Td>
      <Table.Td ta="right">{colony.generated}</Table.Td>
      <Table.Td ta="right">{colony.absent}</Table.Td>
      <Table.Td ta="right">{colony.paused}</Table.Td>
      <Table.Td>{loadText(colony.quantities)}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {collected(colony)}
      </Table.Td>
      <Table.Td ta="right">
        <Requests colony={colony} />
      </Table.Td>
      <Table.Td>
        {!total && (
          <Group gap="xs" wrap="nowrap">
            <Actions colony={colony} date={date} mayGenerate={mayGenerate} />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** A phone's row: the name and the day's figures in words, the actions stacked at the right. */
function NarrowRow({ colony, date, mayGenerate }: RowProps) {
  const label = useLabel();
  const total = colony.colonyCode === '';
  return (
    <Table.Tr aria-label={total ? 'Totals' : undefined}>
      <Table.Td>
        <Text fw={700}>{colony.colonyName}</Text>
        <Text size="sm">
          {colony.customers} {colony.customers === 1 ? 'customer' : 'customers'} · To generate {toGenerate(colony)} ·
          Generated {colony.generated} · Absent {colony.absent} · Paused {colony.paused}
        </Text>
        <Text size="sm">
          {label('{product}')}: {loadText(colony.quantities)}
        </Text>
        <Text size="sm">
          Collected {collected(colony)} · {todayScreenTexts.requests} <Requests colony={colony} />
        </Text>
      </Table.Td>
      {!total && (
        <Table.Td w={1}>
          <Stack gap={6} align="stretch">
            <Actions colony={colony} date={date} mayGenerate={mayGenerate} />
          </Stack>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * The changes customers asked for on their page (docs/rules.md section 19): above 0, a link to
 * those changes on Pauses & Changes ('By customers', the colony chosen).
 */
function Requests({ colony }: { colony: TodayColony }) {
  if (colony.requests === 0) return <>0</>;
  const to = `${paths.changes}?by=1${colony.colonyCode ? `&colony=${encodeURIComponent(colony.colonyCode)}` : ''}`;
  return (
    <Anchor component={Link} to={to} fw={700} c="orange.8" aria-label={todayScreenTexts.requestsOf(colony.colonyName)}>
      {colony.requests}
    </Anchor>
  );
}

/** A colony's Generate (for the roles that may), Route sheet and Collect. */
function Actions({ colony, date, mayGenerate }: RowProps) {
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
    <>
      {mayGenerate && (
        <Button
          size="compact-sm"
          onClick={() => confirmGenerationDate(date, today, run)}
          loading={generate.isPending}
          disabled={colony.scheduled === 0}
          aria-label={`Generate ${colony.colonyName}`}
        >
          Generate
        </Button>
      )}
      <Anchor
        component={Link}
        to={routeSheetOf(colony.colonyCode, date)}
        size="sm"
        aria-label={`Route sheet ${colony.colonyName}`}
        style={{ whiteSpace: 'nowrap' }}
      >
        Route sheet
      </Anchor>
      <Anchor component={Link} to={collectOf(colony.colonyCode)} size="sm" aria-label={`Collect ${colony.colonyName}`}>
        Collect
      </Anchor>
    </>
  );
}
