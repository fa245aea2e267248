import { type Combination, combinationTexts } from '@dairy/contract';
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { type Column, DataTable } from '../../components/data-table';
import { ExportMenu } from '../../components/export-menu';
import { ListSearch } from '../../components/list-search';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { type ExportColumn, yesNo } from '../../lib/export-list';
import { link, paths } from '../../lib/paths';
import { matchesSearch, useListFilters } from '../../lib/url-state';
import { allCombinations, type CombinationAction, useCombinationAction, useCombinationList } from './api';

const exportColumns: ExportColumn<Combination>[] = [
  { header: 'ID', number: (c) => c.combinationId },
  { header: 'Combinations', text: (c) => c.combinationDays },
  { header: 'Disabled', text: (c) => yesNo(c.disable) },
];

export function CombinationListPage() {
  const { filters, page, setFilters, paging } = useListFilters({ search: null });
  const list = useCombinationList(page);
  const action = useCombinationAction();

  // The spec searches the loaded page by its days, on the client.
  const matches = matchesSearch(filters.search);
  const rows = (list.data?.rows ?? []).filter((c) => matches(c.combinationDays));

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
        <Group gap="sm">
          <ExportMenu
            list={{
              screen: 'All Combinations',
              filters: { search: filters.search },
              columns: exportColumns,
              rows: async () => (await allCombinations()).filter((c) => matches(c.combinationDays)),
            }}
          />
          <Button component={Link} to={paths.addCombination}>
            Add Combination
          </Button>
        </Group>
      }
    >
      <ListSearch
        placeholder="Search Combinations..."
        value={filters.search}
        onChange={(search) => setFilters({ search })}
      />
      <DataTable
        query={list}
        failure={combinationTexts.loadFailed}
        rows={rows}
        rowKey={(c) => c.combinationId}
        columns={columns}
        empty="No combinations found"
        minWidth={500}
        paging={paging(list.data?.totalPages)}
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
