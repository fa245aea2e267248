import {
  type ProductQuantity,
  quantityWithUnit,
  rupeeText,
  type TodayColony,
  type TodayResponse,
  transactionTexts,
} from '@dairy/contract';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmGenerationDate } from '../../components/date-field';
import { notify } from '../../components/notify';
import { useBusinessToday, useLabel } from '../../lib/config';
import { i18n } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useNarrowScreen } from '../../lib/screen-size';
import { useGenerateColony } from './api';

type Figures = Omit<TodayColony, 'colonyCode' | 'colonyName'>;

/** "COW 182.5 L · BUF 40 L": the quantity to load per product code. */
function loadText(quantities: readonly ProductQuantity[]): string {
  return quantities.map((q) => `${q.productCode} ${quantityWithUnit(q.quantity, q.unit)}`).join(' · ') || '—';
}

/**
 * What generation would still create: 'Done' once the day has deliveries and nothing is left,
 * so 0 never reads as "nothing scheduled" (the API keeps the field's name, `scheduled`).
 */
const toGenerate = (f: Figures) => (f.scheduled === 0 && f.generated > 0 ? i18n.t('today.done') : String(f.scheduled));

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
  const { t } = useTranslation();
  if (day.colonies.length === 0) return <Text c="dimmed">{t('known.noColonies')}</Text>;
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
        <Row
          colony={{ colonyCode: '', colonyName: t('common.total'), ...day.totals }}
          date={day.date}
          mayGenerate={false}
        />
      </Table.Tfoot>
    </Table>
  );
}

function WideHead() {
  const label = useLabel();
  const { t } = useTranslation();
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t('today.colony')}</Table.Th>
        <Table.Th ta="right">{t('today.customers')}</Table.Th>
        <Table.Th ta="right">{t('today.toGenerate')}</Table.Th>
        <Table.Th ta="right">{t('today.generatedColumn')}</Table.Th>
        <Table.Th ta="right">{t('today.absent')}</Table.Th>
        <Table.Th ta="right">{t('today.paused')}</Table.Th>
        <Table.Th>{label(t('today.toLoad'))}</Table.Th>
        <Table.Th ta="right">{t('today.collected')}</Table.Th>
        <Table.Th ta="right" title={t('today.requestsHint')}>
          {t('today.requests')}
        </Table.Th>
        <Table.Th>{t('today.actions')}</Table.Th>
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

const collected = (f: Figures) => `${rupeeText(f.collected)} (${f.receipts})`;

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
  const { t } = useTranslation();
  const total = colony.colonyCode === '';
  return (
    <Table.Tr aria-label={total ? 'Totals' : undefined}>
      <Table.Td>
        <Text fw={700}>{colony.colonyName}</Text>
        <Text size="sm">
          {t('today.figures', {
            count: colony.customers,
            toGenerate: toGenerate(colony),
            generated: colony.generated,
            absent: colony.absent,
            paused: colony.paused,
          })}
        </Text>
        <Text size="sm">
          {label('{product}')}: {loadText(colony.quantities)}
        </Text>
        <Text size="sm">
          {t('today.collectedText', { amount: collected(colony) })} · {t('today.requests')} <Requests colony={colony} />
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
    <Anchor component={Link} to={to} fw={700} c="orange.8" aria-label={`Requests ${colony.colonyName}`}>
      {colony.requests}
    </Anchor>
  );
}

/** A colony's Generate (for the roles that may), Route sheet and Collect. */
function Actions({ colony, date, mayGenerate }: RowProps) {
  const today = useBusinessToday();
  const generate = useGenerateColony();
  const { t } = useTranslation();
  const run = async () => {
    try {
      const response = await generate.mutateAsync({ colony: colony.colonyCode, date });
      notify.success(
        t('today.generated', { count: response.created, colonies: i18n.t('today.colonies', { count: 1 }) }),
      );
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
          {t('today.generate')}
        </Button>
      )}
      <Anchor
        component={Link}
        to={routeSheetOf(colony.colonyCode, date)}
        size="sm"
        aria-label={`Route sheet ${colony.colonyName}`}
        style={{ whiteSpace: 'nowrap' }}
      >
        {t('today.routeSheet')}
      </Anchor>
      <Anchor component={Link} to={collectOf(colony.colonyCode)} size="sm" aria-label={`Collect ${colony.colonyName}`}>
        {t('today.collect')}
      </Anchor>
    </>
  );
}
