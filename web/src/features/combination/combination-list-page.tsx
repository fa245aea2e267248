import { type Combination, combinationTexts } from '@dairy/contract';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { type Column, DataTable } from '../../components/data-table';
import { ListSearch } from '../../components/list-search';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { RowActions } from '../../components/row-actions';
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
    {
      header: 'Action',
      cell: (c) => (
        <RowActions
          update={link(paths.updateCombination, { id: String(c.combinationId) })}
          disabled={c.disable === 1}
          deletable
          onAction={(verb) => run(verb, c.combinationId)}
        />
      ),
    },
  ];

  return (
    <PageCard
      title="All Combinations"
      exportList={{
        filters: { search: filters.search },
        columns: exportColumns,
        rows: async () => (await allCombinations()).filter((c) => matches(c.combinationDays)),
      }}
      actions={
        <Button component={Link} to={paths.addCombination}>
          Add Combination
        </Button>
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
