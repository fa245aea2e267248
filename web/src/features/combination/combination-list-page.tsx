import { type Combination, combinationTexts } from '@dairy/contract';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { type Column, DataTable } from '../../components/data-table';
import { ListSearch } from '../../components/list-search';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { RowActions } from '../../components/row-actions';
import { daysText } from '../../lib/day-names';
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
  const { t } = useTranslation();

  // The spec searches the loaded page by its days, on the client: as stored, or as shown.
  const matches = matchesSearch(filters.search);
  const found = (c: Combination) => matches(c.combinationDays) || matches(daysText(c.combinationDays));
  const rows = (list.data?.rows ?? []).filter(found);

  const question: Record<CombinationAction, string> = {
    disable: t('combination.confirmDisable'),
    enable: t('combination.confirmEnable'),
    delete: t('combination.confirmDelete'),
  };
  const run = (verb: CombinationAction, id: number) => {
    confirmAction(question[verb], async () => {
      try {
        await action.mutateAsync({ action: verb, id });
        notify.success(combinationTexts.actionDone);
      } catch (error) {
        notify.failure(error, combinationTexts.actionFailed);
      }
    });
  };

  const columns: Column<Combination>[] = [
    { header: t('combination.id'), cell: (c) => c.combinationId },
    { header: t('combination.combinations'), cell: (c) => daysText(c.combinationDays) },
    {
      header: t('records.action'),
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
      title={t('combination.listTitle')}
      exportList={{
        screen: 'All Combinations',
        filters: { search: filters.search },
        columns: exportColumns,
        rows: async () => (await allCombinations()).filter(found),
      }}
      actions={
        <Button component={Link} to={paths.addCombination}>
          {t('combination.add')}
        </Button>
      }
    >
      <ListSearch
        placeholder={t('combination.searchPlaceholder')}
        value={filters.search}
        onChange={(search) => setFilters({ search })}
      />
      <DataTable
        query={list}
        failure={combinationTexts.loadFailed}
        rows={rows}
        rowKey={(c) => c.combinationId}
        columns={columns}
        empty={t('combination.empty')}
        minWidth={500}
        paging={paging(list.data?.totalPages)}
      />
    </PageCard>
  );
}
