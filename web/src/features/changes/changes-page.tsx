import type { ChangeRow } from '@dairy/contract';
import { Button, Group, Text } from '@mantine/core';
import { DateField } from '../../components/date-field';
import { allChanges, ChangesTable, useChangeDialog } from '../../components/delivery-changes';
import { PageCard } from '../../components/page-card';
import { ColonyCustomerFilters } from '../../components/pickers';
import { useBusinessToday, useLabel } from '../../lib/config';
import type { ExportColumn } from '../../lib/export-list';
import { useListFilters } from '../../lib/url-state';

/**
 * Pauses & Changes (docs/rules.md section 12): a colony's current and upcoming changes (those
 * covering the 'Active On' date or later, today at first), added, edited and deleted in a dialog.
 */
export function ChangesPage() {
  const label = useLabel();
  const { filters, page, change, setPage } = useListFilters({
    colony: null,
    customer: null,
    activeOn: useBusinessToday(),
  });
  const dialog = useChangeDialog({ colonyCode: filters.colony });
  const query = { colonyCode: filters.colony, customerId: filters.customer, activeOn: filters.activeOn, page };

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
      title="Pauses & Changes"
      exportList={{
        disabled: !filters.colony,
        filters: { ...filters, page: null },
        columns: exportColumns,
        rows: () => allChanges(query),
      }}
      actions={
        <Button onClick={dialog.openNew} disabled={!filters.colony}>
          Add Change
        </Button>
      }
    >
      <Group align="end" mb="md" gap="md" wrap="wrap">
        <ColonyCustomerFilters colony={filters.colony} customer={filters.customer} onChange={change} w={220} />
        <DateField
          clearable
          label="Active On"
          value={filters.activeOn}
          onChange={(activeOn) => change({ activeOn })}
          w={180}
        />
      </Group>
      {!filters.colony ? (
        <Text c="dimmed">Select a colony to see its pauses and changes.</Text>
      ) : (
        <ChangesTable query={query} onPage={setPage} onEdit={dialog.openEdit} showCustomer />
      )}
      {dialog.element}
    </PageCard>
  );
}
