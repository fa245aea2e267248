import { Button, Group, Text, TextInput } from '@mantine/core';
import { ChangesTable, useChangeDialog } from '../../components/delivery-changes';
import { PageCard } from '../../components/page-card';
import { ColonySelect, CustomerSelect } from '../../components/pickers';
import { useBusinessToday } from '../../lib/config';
import { useUrlState } from '../../lib/url-state';

/**
 * Pauses & Changes (DESIGN.md section 12): a colony's current and upcoming changes (those
 * covering the 'Active On' date or later, today at first), added, edited and deleted in a dialog.
 */
export function ChangesPage() {
  const [filters, setFilters] = useUrlState({
    colony: null,
    customer: null,
    activeOn: useBusinessToday(),
    page: '1',
  });
  const page = Number(filters.page) || 1;
  const change = (next: Partial<typeof filters>) => setFilters({ ...next, page: '1' });
  const dialog = useChangeDialog({ colonyCode: filters.colony });

  return (
    <PageCard
      title="Pauses & Changes"
      actions={
        <Button onClick={dialog.openNew} disabled={!filters.colony}>
          Add Change
        </Button>
      }
    >
      <Group align="end" mb="md" gap="md" wrap="wrap">
        <ColonySelect value={filters.colony} onChange={(colony) => change({ colony, customer: null })} w={220} />
        <CustomerSelect
          colonyCode={filters.colony}
          value={filters.customer}
          onChange={(customer) => change({ customer })}
          w={220}
        />
        <TextInput
          type="date"
          label="Active On"
          value={filters.activeOn ?? ''}
          onChange={(e) => change({ activeOn: e.currentTarget.value || null })}
          w={180}
        />
      </Group>
      {!filters.colony ? (
        <Text c="dimmed">Select a colony to see its pauses and changes.</Text>
      ) : (
        <ChangesTable
          query={{ colonyCode: filters.colony, customerId: filters.customer, activeOn: filters.activeOn, page }}
          onPage={(p) => setFilters({ page: String(p) })}
          onEdit={dialog.openEdit}
          showCustomer
        />
      )}
      {dialog.element}
    </PageCard>
  );
}
