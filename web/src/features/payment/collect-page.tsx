import {
  advanceOf,
  type CollectionResponse,
  optional,
  type Paise,
  paymentTexts,
  type ReceiveManyBody,
  rupeeText,
  todayTexts,
  typedPaymentAmount,
} from '@dairy/contract';
import { Button, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MoneyField } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { ColonySelect, MonthSelect, YearSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { ApiError } from '../../lib/api';
import { useLabel } from '../../lib/config';
import { contractResolver } from '../../lib/forms';
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
 * The amounts as typed, one field a customer (`c` and the id: a bare number would name an array's
 * place). A field left empty is no payment.
 */
type AmountValues = { amounts: Record<string, string> };
const amountsSchema = z.object({ amounts: z.record(z.string(), optional(amountRule)) });
const fieldOf = (customerId: number) => `amounts.c${customerId}` as const;

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
  const { t } = useTranslation();
  return (
    <PageCard title={t('collect.title')}>
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

/** An amount as typed: null when empty, undefined while it does not pass (the form says why). */
function paiseOf(amount: string): Paise | null | undefined {
  if (amount.trim() === '') return null;
  const result = amountRule.safeParse(amount);
  return result.success ? result.data : undefined;
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
  const label = useLabel();
  // Checked on 'Save all', then again as each amount is typed, as the other forms do.
  const form = useForm<AmountValues>({
    resolver: contractResolver<AmountValues>(amountsSchema, label),
    defaultValues: { amounts: {} },
  });
  const amounts = form.watch('amounts');
  const [serverErrors, setServerErrors] = useState<Record<number, string>>({});
  const saveButton = useRef<HTMLButtonElement | null>(null);
  const tableBody = useRef<HTMLTableSectionElement | null>(null);
  const receive = useReceiveMany();
  const narrow = useNarrowScreen();
  const { t } = useTranslation();

  const typedOf = (customerId: number) => amounts[`c${customerId}`] ?? '';
  const rows = collection.rows.map((c) => ({ ...c, paise: paiseOf(typedOf(c.customerId)) }));
  const entered = rows.filter((r) => r.paise !== null);
  const total = entered.reduce((sum, r) => sum + (r.paise ?? 0), 0);

  // Enter moves to the field below as the page shows it now (one amount field a row), else to
  // 'Save all': the page's own fields, never a reference the form kept from an earlier render.
  const next = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const below = tableBody.current?.querySelectorAll('input').item(index + 1);
    if (below) below.focus();
    else saveButton.current?.focus();
  };

  const send = async () => {
    if (!month || !year) {
      notify.error(paymentTexts.selectFilters);
      return;
    }
    if (entered.length === 0) {
      notify.warning(todayTexts.nothingEntered);
      return;
    }
    // Each amount carries when it was taken: a save that waits for the network is dated by it
    // (docs/rules.md section 20). The outbox's client id is the call's Idempotency-Key.
    const takenAt = new Date().toISOString();
    const body: ReceiveManyBody = {
      month,
      year,
      entries: entered.map((r) => ({ customerId: r.customerId, amount: typedOf(r.customerId).trim(), takenAt })),
    };
    const work = t('offline.collectionWork', {
      colony: collection.colonyCode,
      month: String(month).padStart(2, '0'),
      year,
      amounts: entered.map((r) => `${r.customerName} ${rupeeText(r.paise ?? 0)}`).join(', '),
    });
    try {
      const saved = await receive.mutateAsync({ body, work });
      if ('sent' in saved)
        notify.success(t('collect.received', { count: saved.sent.received, total: rupeeText(saved.sent.total) }));
      else notify.warning(t('offline.keptOnPhone'));
      form.reset({ amounts: {} });
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
  // The amounts' problems show beside them; a missing month is said even then.
  const saveAll = () => {
    setServerErrors({});
    void form.handleSubmit(send, () => {
      if (!month || !year) notify.error(paymentTexts.selectFilters);
    })();
  };

  if (rows.length === 0) return <Text c="dimmed">{t('known.collectEmpty')}</Text>;
  return (
    <>
      <Table striped withTableBorder aria-label="Collection entry">
        {!narrow && (
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('common.route')}</Table.Th>
              <Table.Th>{t('common.customer')}</Table.Th>
              <Table.Th ta="right">{t('common.balance')}</Table.Th>
              <Table.Th w={170}>{t('common.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
        )}
        <Table.Tbody ref={tableBody}>
          {rows.map((r, index) => {
            const error = serverErrors[r.customerId] ?? form.formState.errors.amounts?.[`c${r.customerId}`]?.message;
            // More than the customer owes now is said before Save all (docs/rules.md section 23).
            const advance = r.paise ? advanceOf(r.paise, r.balance) : 0;
            const balance = rupeeText(r.balance);
            return (
              <Table.Tr key={r.customerId}>
                {narrow ? (
                  <Table.Td>
                    <Text fw={700}>{r.customerName}</Text>
                    <Text size="sm">{t('collect.routeBalance', { route: r.route, balance })}</Text>
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
                  <MoneyField
                    name={fieldOf(r.customerId)}
                    control={form.control}
                    aria-label={`Amount: ${r.customerName}`}
                    onKeyDown={(e) => next(e, index)}
                    error={error}
                    description={advance > 0 ? t('collect.advance', { amount: rupeeText(advance) }) : undefined}
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
          {t('collect.totalEntered', { total: rupeeText(total), count: entered.length })}
        </Text>
        <Button ref={saveButton} onClick={saveAll} loading={receive.isPending}>
          {t('collect.saveAll')}
        </Button>
      </Group>
    </>
  );
}
