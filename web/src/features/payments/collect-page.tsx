import {
  advanceOf,
  type CollectionResponse,
  offlineTexts,
  type Paise,
  paymentTexts,
  type ReceiveManyBody,
  todayTexts,
  typedPaymentAmount,
} from '@dairy/contract';
import { Button, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { type KeyboardEvent, useRef, useState } from 'react';
import { MoneyInput } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { ColonySelect, MonthSelect, YearSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { ApiError } from '../../lib/api';
import { formatMoney, monthYear } from '../../lib/format';
import { useNarrowScreen } from '../../lib/screen-size';
import { useUrlState } from '../../lib/url-state';
import { useCollection, useReceiveMany } from './api';
import { useReceiptPeriod } from './receipt-period';

/**
 * The contract's rules and texts of one amount received (more than 0, 2 decimals, the limit), as
 * typed: no Negative here, so a minus sign is below the minimum.
 */
const amountRule = typedPaymentAmount({ negativeOffered: false });

/**
 * Collection Entry (/payments/collect, docs/rules.md section 13): every customer of a colony in route
 * order with their balance now and an amount field; Enter moves down; 'Save all' records every
 * amount entered as a positive receipt of the month, in one call, all or none. The month starts at
 * the colony's latest bill (section 23). On a phone a row is the name (route and balance beneath)
 * beside its amount field.
 */
export function CollectPage() {
  const [filters, setFilters] = useUrlState({ colony: null, month: null, year: null });
  const { month, year } = useReceiptPeriod(filters.colony, filters);
  const customers = useCollection(filters.colony);
  return (
    <PageCard title="Collection Entry">
      <SimpleGrid cols={{ base: 1, sm: 3 }} maw={720} mb="md">
        <ColonySelect activeOnly value={filters.colony} onChange={(colony) => setFilters({ colony })} />
        <MonthSelect value={month} onChange={(picked) => setFilters({ month: picked })} />
        <YearSelect value={year} onChange={(picked) => setFilters({ year: picked })} />
      </SimpleGrid>
      {filters.colony && (
        <QueryState query={customers}>
          {customers.data && (
            <EntryTable
              key={customers.data.colonyCode}
              collection={customers.data}
              month={month ? Number(month) : null}
              year={year ? Number(year) : null}
            />
          )}
        </QueryState>
      )}
    </PageCard>
  );
}

type Checked = { paise: Paise } | { error: string };

function check(amount: string): Checked | null {
  if (amount.trim() === '') return null;
  const result = amountRule.safeParse(amount);
  return result.success ? { paise: result.data } : { error: result.error.issues[0]?.message ?? 'Invalid amount' };
}

function EntryTable({
  collection,
  month,
  year,
}: {
  collection: CollectionResponse;
  month: number | null;
  year: number | null;
}) {
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<number, string>>({});
  const [shownErrors, setShownErrors] = useState(false);
  const fields = useRef<(HTMLInputElement | null)[]>([]);
  const saveButton = useRef<HTMLButtonElement | null>(null);
  const receive = useReceiveMany();
  const narrow = useNarrowScreen();

  const rows = collection.rows.map((c) => ({ ...c, checked: check(amounts[c.customerId] ?? '') }));
  const entered = rows.filter((r) => r.checked !== null);
  const total = entered.reduce((sum, r) => sum + (r.checked && 'paise' in r.checked ? r.checked.paise : 0), 0);

  const next = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const field = fields.current[index + 1];
    if (field) field.focus();
    else saveButton.current?.focus();
  };

  const saveAll = async () => {
    setShownErrors(true);
    setServerErrors({});
    if (!month || !year) {
      notify.error(paymentTexts.selectFilters);
      return;
    }
    if (entered.length === 0) {
      notify.warning(todayTexts.nothingEntered);
      return;
    }
    if (entered.some((r) => r.checked && 'error' in r.checked)) return;
    // Each amount carries when it was taken: a save that waits for the network is dated by it (docs/rules.md section 20).
    const takenAt = new Date().toISOString();
    const body: ReceiveManyBody = {
      month,
      year,
      entries: entered.map((r) => ({
        customerId: r.customerId,
        amount: (amounts[r.customerId] ?? '').trim(),
        takenAt,
      })),
    };
    const work = `Collection ${collection.colonyCode}, ${monthYear(month, year)}: ${entered
      .map((r) => `${r.customerName} ${formatMoney(r.checked && 'paise' in r.checked ? r.checked.paise : 0)}`)
      .join(', ')}`;
    try {
      const saved = await receive.mutateAsync({ body, work });
      if ('sent' in saved) notify.success(todayTexts.received(saved.sent.received, formatMoney(saved.sent.total)));
      else notify.warning(offlineTexts.keptOnPhone);
      setAmounts({});
      setShownErrors(false);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        // `entries.17.amount`: the 18th amount sent, shown beside its customer's field.
        const byRow: Record<number, string> = {};
        for (const e of error.errors ?? []) {
          const index = /^entries\.(\d+)\./.exec(e.path)?.[1];
          const row = index === undefined ? undefined : entered[Number(index)];
          if (row) byRow[row.customerId] = e.message;
        }
        setServerErrors(byRow);
      }
      notify.failure(error, todayTexts.receiveFailed);
    }
  };

  if (rows.length === 0) return <Text c="dimmed">{todayTexts.collectEmpty}</Text>;
  return (
    <>
      <Table striped withTableBorder aria-label="Collection entry">
        {!narrow && (
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Route</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
              <Table.Th w={170}>Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
        )}
        <Table.Tbody>
          {rows.map((r, index) => {
            const error =
              serverErrors[r.customerId] ??
              (shownErrors && r.checked && 'error' in r.checked ? r.checked.error : undefined);
            // More than the customer owes now is said before Save all (docs/rules.md section 23).
            const advance = r.checked && 'paise' in r.checked ? advanceOf(r.checked.paise, r.balance) : 0;
            const balance = formatMoney(r.balance);
            return (
              <Table.Tr key={r.customerId}>
                {narrow ? (
                  <Table.Td>
                    <Text fw={700}>{r.customerName}</Text>
                    <Text size="sm">
                      Route {r.route} · Balance {balance}
                    </Text>
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td>{r.route}</Table.Td>
                    <Table.Td>{r.customerName}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {balance}
                    </Table.Td>
                  </>
                )}
                <Table.Td w={narrow ? 130 : undefined}>
                  <MoneyInput
                    ref={(el) => {
                      fields.current[index] = el;
                    }}
                    aria-label={`Amount: ${r.customerName}`}
                    value={amounts[r.customerId] ?? ''}
                    onChange={(value) => setAmounts((current) => ({ ...current, [r.customerId]: value }))}
                    onKeyDown={(e) => next(e, index)}
                    error={error}
                    description={advance > 0 ? paymentTexts.advance(advance) : undefined}
                    descriptionProps={{ c: 'orange.9' }}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    size="sm"
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group mt="md" justify="space-between" wrap="wrap">
        <Text fw={700} aria-label="Total entered">
          Total entered: {formatMoney(total)} ({entered.length} {entered.length === 1 ? 'payment' : 'payments'})
        </Text>
        <Button ref={saveButton} onClick={saveAll} loading={receive.isPending}>
          Save all
        </Button>
      </Group>
    </>
  );
}
