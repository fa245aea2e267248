import { type Combination, combinationTexts } from '@dairy/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { type Column, DataTable } from '../../components/data-table';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { link, paths } from '../../lib/paths';
import { useUrlState } from '../../lib/url-state';
import { type CombinationAction, useCombinationAction, useCombinationList } from './api';

export function CombinationListPage() {
  const [filters, setFilters] = useUrlState({ page: '1', search: null });
  const page = Number(filters.page) || 1;
  const list = useCombinationList(page);
  const action = useCombinationAction();

  // The spec searches the loaded page by its days, on the client.
  const needle = (filters.search ?? '').trim().toLowerCase();
  const rows = (list.data?.rows ?? []).filter((c) => c.combinationDays.toLowerCase().includes(needle));

  const run = (verb: CombinationAction, id: number) => {
    confirmAction(`Are you sure you want to ${verb} this combination?`, async () => {
      try {
        await action.mutateAsync({ action: verb, id });
        notify.success(combinationTexts.actionDone);
      } catch (error) {
        notify.failure(error, combinationTexts.actionFailed);
      }
    });
  };

  const columns: Column<Combination>[] = [
    { header: 'ID', cell: (c) => c.combinationId },
    { header: 'Combinations', cell: (c) => c.combinationDays },
    { header: 'Action', cell: (c) => <CombinationActions combination={c} onAction={run} /> },
  ];

  return (
    <PageCard
      title="All Combinations"
      actions={
        <Button component={Link} to={paths.addCombination}>
          Add Combination
        </Button>
      }
    >
      <TextInput
        label="Search"
        placeholder="Search Combinations..."
        value={filters.search ?? ''}
        onChange={(e) => setFilters({ search: e.currentTarget.value || null })}
        mb="md"
        maw={360}
      />
      <DataTable
        query={list}
        failure={combinationTexts.loadFailed}
        rows={rows}
        rowKey={(c) => c.combinationId}
        columns={columns}
        empty="No combinations found"
        minWidth={500}
        paging={{
          page,
          totalPages: list.data?.totalPages ?? 0,
          onChange: (p) => setFilters({ page: String(p) }),
        }}
      />
    </PageCard>
  );
}

/** Update always; Disable on an active row; Enable and Delete on a disabled one. */
function CombinationActions({
  combination: c,
  onAction,
}: {
  combination: Combination;
  onAction: (verb: CombinationAction, id: number) => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        component={Link}
        to={link(paths.updateCombination, { id: String(c.combinationId) })}
        size="xs"
        variant="light"
      >
        Update
      </Button>
      {c.disable === 0 ? (
        <Button size="xs" color="red" variant="light" onClick={() => onAction('disable', c.combinationId)}>
          Disable
        </Button>
      ) : (
        <>
          <Button size="xs" color="green" variant="light" onClick={() => onAction('enable', c.combinationId)}>
            Enable
          </Button>
          <Button size="xs" color="red" onClick={() => onAction('delete', c.combinationId)}>
            Delete
          </Button>
        </>
      )}
    </Group>
  );
}
