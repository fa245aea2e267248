import { type Colony, colonyTexts, rupeeText } from '@dairy/contract';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();

  // The spec searches the loaded page by name, on the client.
  const matches = matchesSearch(filters.search);
  const rows = (list.data?.rows ?? []).filter((c) => matches(c.colonyName));

  const toggle = (code: string, verb: 'disable' | 'enable') => {
    confirmAction(verb === 'disable' ? t('colony.confirmDisable') : t('colony.confirmEnable'), async () => {
      try {
        const result = await action.mutateAsync({ action: verb, code });
        notify.success(result.msg || colonyTexts.actionDone);
      } catch (error) {
        notify.failure(error, colonyTexts.actionFailed, () => colonyTexts.actionError);
      }
    });
  };

  const columns: Column<Colony>[] = [
    { header: t('colony.code'), cell: (c) => c.colonyCode },
    { header: t('colony.name'), cell: (c) => c.colonyName },
    { header: t('colony.charges'), cell: (c) => rupeeText(c.charges) },
    {
      header: t('records.action'),
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
      title={t('colony.listTitle')}
      exportList={{
        screen: 'All Colonies',
        filters: { search: filters.search },
        columns: exportColumns,
        rows: async () => (await allColonies()).filter((c) => matches(c.colonyName)),
      }}
      actions={
        <Button component={Link} to={paths.addColony}>
          {t('colony.add')}
        </Button>
      }
    >
      <ListSearch
        placeholder={t('colony.searchPlaceholder')}
        value={filters.search}
        onChange={(search) => setFilters({ search })}
      />
      <DataTable
        query={list}
        rows={rows}
        rowKey={(c) => c.colonyCode}
        columns={columns}
        empty={t('colony.empty')}
        minWidth={600}
        paging={paging(list.data?.totalPages)}
      />
    </PageCard>
  );
}
