import { type ChangeRow, MAX_KEPT_CHANGES } from '@dairy/contract';
import { Button, Group, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allChanges } from '../../components/delivery-changes/calls';
import { useChangeDialog } from '../../components/delivery-changes/dialog';
import { ChangesTable } from '../../components/delivery-changes/table';
import { PageCard } from '../../components/page-card';
import { ColonyCustomerFilters } from '../../components/pickers';
import { useBusinessToday, useLabel } from '../../lib/config';
import type { ExportColumn } from '../../lib/export-list';
import { useListFilters } from '../../lib/url-state';

/**
 * Pauses & Changes (docs/rules.md sections 12, 19 and 23): a colony's current and upcoming changes
 * ('By customers': those customers made on their page, of every colony unless one is chosen),
 * and those saved here since the screen opened whatever their dates, so what was just saved stays
 * in view; 'Show past' lists every change. Added, edited and deleted in a dialog.
 */
export function ChangesPage() {
  const label = useLabel();
  const today = useBusinessToday();
  const { t } = useTranslation();
  const { filters, page, change, setPage } = useListFilters({ colony: null, customer: null, past: null, by: null });
  const [saved, setSaved] = useState<number[]>([]);
  const dialog = useChangeDialog({
    colonyCode: filters.colony,
    onSaved: ({ changeId }) =>
      setSaved((ids) => [...ids.filter((id) => id !== changeId), changeId].slice(-MAX_KEPT_CHANGES)),
  });
  const showPast = filters.past === '1';
  const byCustomers = filters.by === '1';
  const query = {
    colonyCode: filters.colony,
    customerId: filters.customer,
    activeOn: showPast ? null : today,
    keep: saved,
    byCustomer: byCustomers,
    page,
  };

  const exportColumns: ExportColumn<ChangeRow>[] = [
    { header: 'Route', number: (c) => c.route },
    { header: 'Customer', text: (c) => c.customerName },
    { header: label('{product}'), text: (c) => c.productName ?? 'All' },
    { header: 'Change', text: (c) => (c.kind === 'pause' ? 'Pause' : 'Quantity') },
    { header: 'Quantity', quantity: (c) => c.quantity },
    { header: 'Unit', text: (c) => c.unit },
    { header: 'From', date: (c) => c.fromDate },
    { header: 'To', date: (c) => c.toDate },
    { header: 'Reason', text: (c) => c.reason },
    { header: 'By', text: (c) => c.createdBy },
  ];

  return (
    <PageCard
      title={t('change.title')}
      exportList={{
        disabled: !filters.colony && !byCustomers,
        filters: { ...filters, page: null },
        columns: exportColumns,
        rows: () => allChanges(query),
      }}
      actions={
        <Button onClick={dialog.openNew} disabled={!filters.colony}>
          {t('change.add')}
        </Button>
      }
    >
      <Group align="end" mb="md" gap="md" wrap="wrap">
        <ColonyCustomerFilters colony={filters.colony} customer={filters.customer} onChange={change} w={220} />
        <Switch
          label={t('change.showPast')}
          checked={showPast}
          onChange={(e) => change({ past: e.currentTarget.checked ? '1' : null })}
          mb={8}
        />
        <Switch
          label={t('change.byCustomers')}
          checked={byCustomers}
          onChange={(e) => change({ by: e.currentTarget.checked ? '1' : null })}
          mb={8}
        />
      </Group>
      {!filters.colony && !byCustomers ? (
        <Text c="dimmed">{t('change.pickColony')}</Text>
      ) : (
        <ChangesTable
          query={query}
          onPage={setPage}
          onEdit={dialog.openEdit}
          showCustomer
          empty={
            byCustomers
              ? showPast
                ? t('change.noneByCustomersPast')
                : t('change.noneByCustomers')
              : showPast
                ? t('change.none')
                : t('change.noneCurrent')
          }
        />
      )}
      {dialog.element}
    </PageCard>
  );
}
