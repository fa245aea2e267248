import { type Colony, colonyTexts, rupeeText } from '@dairy/contract';
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
import { allColonies, useColonyAction, useColonyList } from './api';

const exportColumns: ExportColumn<Colony>[] = [
  { header: 'Colony Code', text: (c) => c.colonyCode },
  { header: 'Colony Name', text: (c) => c.colonyName },
  { header: 'Service Charges', money: (c) => c.charges },
  { header: 'Disabled', text: (c) => yesNo(c.disable) },
];

export function ColonyListPage() {
  const { filters, page, setFilters, paging } = useListFilters({ search: null });
  const list = useColonyList(page);
  const action = useColonyAction(page);

  // The spec searches the loaded page by name, on the client.
  const matches = matchesSearch(filters.search);
  const rows = (list.data?.rows ?? []).filter((c) => matches(c.colonyName));

  const toggle = (code: string, verb: 'disable' | 'enable') => {
    confirmAction(`Are you sure you want to ${verb} this colony?`, async () => {
      try {
        const result = await action.mutateAsync({ action: verb, code });
        notify.success(result.msg || colonyTexts.actionDone);
      } catch (error) {
        notify.failure(error, colonyTexts.actionFailed, () => colonyTexts.actionError);
      }
    });
  };

  const columns: Column<Colony>[] = [
    { header: 'Colony Code', cell: (c) => c.colonyCode },
    { header: 'Colony Name', cell: (c) => c.colonyName },
    { header: 'Service Charges', cell: (c) => rupeeText(c.charges) },
    {
      header: 'Action',
      cell: (c) => (
        <RowActions
          update={link(paths.updateColony, { code: c.colonyCode })}
          disabled={c.disable === 1}
          onAction={(verb) => toggle(c.colonyCode, verb)}
        />
      ),
    },
  ];

  return (
    <PageCard
      title="All Colonies"
      exportList={{
        filters: { search: filters.search },
        columns: exportColumns,
        rows: async () => (await allColonies()).filter((c) => matches(c.colonyName)),
      }}
      actions={
        <Button component={Link} to={paths.addColony}>
          Add Colony
        </Button>
      }
    >
      <ListSearch
        placeholder="Search Colonies..."
        value={filters.search}
        onChange={(search) => setFilters({ search })}
      />
      <DataTable
        query={list}
        rows={rows}
        rowKey={(c) => c.colonyCode}
        columns={columns}
        empty="No colonies found"
        minWidth={600}
        paging={paging(list.data?.totalPages)}
      />
    </PageCard>
  );
}
