import { formatDate, quantityWithUnit, type RouteSheetResponse, todayTexts } from '@dairy/contract';
import { Badge, Button, Checkbox, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { ColonySelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { useBusinessToday, useLabel } from '../../lib/config';
import { prefetchPdf } from '../../lib/prefetch-pdf';
import { useNarrowScreen } from '../../lib/screen-size';
import { useUrlState } from '../../lib/url-state';
import { useMarkAttendance, useRouteSheet } from './api';

const loadSheetPdf = () => import('../../components/delivery-sheet-pdf');

/**
 * Route Sheet (/transactions/sheet?colony=&date=, docs/rules.md section 13): a colony's deliveries of
 * a day in route order, ticked Delivered or not with the keyboard (arrows move, Space toggles),
 * saved in one call, and printed as the delivery sheet. On a phone each delivery is one row: a
 * large Delivered box beside the customer's name, route, product and quantity.
 */
export function RouteSheetPage() {
  const today = useBusinessToday();
  const [filters, setFilters] = useUrlState({ colony: null, date: today });
  const date = filters.date || today;
  const sheet = useRouteSheet(filters.colony, date);
  const { t } = useTranslation();
  return (
    <PageCard title={t('routeSheet.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={560} mb="md">
        <ColonySelect activeOnly value={filters.colony} onChange={(colony) => setFilters({ colony })} />
        <DateField label={t('common.date')} value={date} onChange={(next) => next && setFilters({ date: next })} />
      </SimpleGrid>
      {filters.colony && (
        <QueryState query={sheet}>
          {sheet.data && <SheetTable key={`${sheet.data.colonyCode} ${sheet.data.date}`} sheet={sheet.data} />}
        </QueryState>
      )}
    </PageCard>
  );
}

function SheetTable({ sheet }: { sheet: RouteSheetResponse }) {
  const label = useLabel();
  const today = useBusinessToday();
  /** The attendance the operator set, by transaction id, until saved. */
  const [edits, setEdits] = useState<Map<number, 0 | 1>>(new Map());
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const save = useMarkAttendance();
  const [printing, setPrinting] = useState(false);
  const narrow = useNarrowScreen();
  const { t } = useTranslation();

  const attendanceOf = (row: RouteSheetResponse['rows'][number]) => edits.get(row.transactionId) ?? row.attendance;
  const changes = sheet.rows
    .filter((r) => attendanceOf(r) !== r.attendance)
    .map((r) => ({ transactionId: r.transactionId, attendance: attendanceOf(r) }));

  const toggle = (transactionId: number, delivered: boolean) =>
    setEdits((current) => new Map(current).set(transactionId, delivered ? 1 : 0));

  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    boxes.current[Math.min(Math.max(index + step, 0), sheet.rows.length - 1)]?.focus();
  };

  const submit = async () => {
    if (changes.length === 0) {
      notify.warning(todayTexts.nothingChanged);
      return;
    }
    try {
      const work = t('offline.routeSheetWork', {
        colony: sheet.colonyCode,
        date: formatDate(sheet.date),
        count: changes.length,
      });
      const saved = await save.mutateAsync({ changes, work });
      setEdits(new Map());
      if ('sent' in saved) notify.success(t('routeSheet.saved', { count: saved.sent.updated }));
      else notify.warning(t('offline.keptOnPhone'));
    } catch (error) {
      notify.failure(error, todayTexts.attendanceFailed);
    }
  };

  const print = async () => {
    setPrinting(true);
    try {
      const { printDeliverySheet } = await loadSheetPdf();
      await printDeliverySheet(
        { colonyName: sheet.colonyName, date: sheet.date, rows: sheet.rows.filter((r) => attendanceOf(r) === 1) },
        { productLabel: label('{product}'), printedOn: today },
      );
    } catch (error) {
      notify.failure(error, t('routeSheet.printFailed'));
    } finally {
      setPrinting(false);
    }
  };

  if (sheet.rows.length === 0) return <Text c="dimmed">{t('known.sheetEmpty')}</Text>;
  return (
    <>
      <Group mb="sm" gap="sm">
        <Button onClick={submit} loading={save.isPending} disabled={changes.length === 0}>
          {t('common.save')}
        </Button>
        <Button variant="default" onClick={print} loading={printing} {...prefetchPdf(loadSheetPdf)}>
          {t('common.print')}
        </Button>
        <Text size="sm" c={changes.length > 0 ? 'orange.8' : 'dimmed'} aria-live="polite">
          {changes.length > 0
            ? t('routeSheet.unsaved', { count: changes.length })
            : t('routeSheet.deliveries', { count: sheet.rows.length })}
        </Text>
      </Group>
      <Table striped highlightOnHover withTableBorder aria-label="Route sheet">
        {!narrow && (
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('common.route')}</Table.Th>
              <Table.Th>{t('common.customer')}</Table.Th>
              <Table.Th>{t('common.address')}</Table.Th>
              <Table.Th>{label('{product}')}</Table.Th>
              <Table.Th ta="right">{t('routeSheet.qty')}</Table.Th>
              <Table.Th>{t('routeSheet.delivered')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
        )}
        <Table.Tbody>
          {sheet.rows.map((r, index) => {
            const delivered = attendanceOf(r) === 1;
            const box = (
              <Checkbox
                ref={(el) => {
                  boxes.current[index] = el;
                }}
                id={`delivered-${r.transactionId}`}
                size={narrow ? 'xl' : 'sm'}
                checked={delivered}
                onChange={(e) => toggle(r.transactionId, e.currentTarget.checked)}
                onKeyDown={(e) => move(e, index)}
                aria-label={`Delivered: ${r.customerName}, ${r.productName}`}
              />
            );
            return (
              <Table.Tr key={r.transactionId} bg={delivered ? undefined : 'red.0'}>
                {narrow ? (
                  <NarrowCells row={r} box={box} />
                ) : (
                  <>
                    <Table.Td>{r.route}</Table.Td>
                    <Table.Td>
                      {r.customerName}
                      {r.changedByCustomer && <ChangedMark />}
                    </Table.Td>
                    <Table.Td>{r.address}</Table.Td>
                    <Table.Td>{r.productName}</Table.Td>
                    <Table.Td ta="right">{quantityWithUnit(r.quantity, r.unit)}</Table.Td>
                    <Table.Td>{box}</Table.Td>
                  </>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td colSpan={narrow ? 1 : 4}>{t('routeSheet.totalDelivered')}</Table.Td>
            <Table.Td colSpan={narrow ? 1 : 2} aria-label="Total delivered">
              {deliveredTotals(sheet.rows.filter((r) => attendanceOf(r) === 1))}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </>
  );
}

/**
 * A delivery on a phone: the box, then the name with route, product and quantity beneath (a tap on
 * them toggles the box too), the address last and small.
 */
function NarrowCells({ row, box }: { row: RouteSheetResponse['rows'][number]; box: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Td w={1} py="sm">
        {box}
      </Table.Td>
      <Table.Td py="sm">
        <label htmlFor={`delivered-${row.transactionId}`}>
          <Text fw={700}>
            {row.customerName}
            {row.changedByCustomer && <ChangedMark />}
          </Text>
          <Text size="sm">
            {t('routeSheet.routeNumber', { route: row.route })} · {row.productName} ·{' '}
            {quantityWithUnit(row.quantity, row.unit)}
          </Text>
          <Text size="xs" c="dimmed">
            {row.address}
          </Text>
        </label>
      </Table.Td>
    </>
  );
}

/** A delivery a change the customer made on their page covers (docs/rules.md section 19). */
function ChangedMark() {
  const { t } = useTranslation();
  return (
    <Badge ml="xs" color="orange" variant="light" size="sm" tt="none">
      {t('routeSheet.changedByCustomer')}
    </Badge>
  );
}

/** "COW 3.5 L · CURD 1 kg": what the ticked rows deliver, per product code. */
function deliveredTotals(rows: RouteSheetResponse['rows']): string {
  const totals = new Map<string, { quantity: number; unit: string }>();
  for (const r of rows) {
    const t = totals.get(r.productCode) ?? { quantity: 0, unit: r.unit };
    t.quantity += r.quantity;
    totals.set(r.productCode, t);
  }
  return (
    [...totals.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, t]) => `${code} ${quantityWithUnit(t.quantity, t.unit)}`)
      .join(' · ') || '—'
  );
}
