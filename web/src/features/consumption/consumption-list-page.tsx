import {
  CONSUMPTION_PAGE_SIZE,
  type Consumption,
  consumptionTexts,
  quantityWithUnit,
  rupeeText,
} from '@dairy/contract';
import { Button, Checkbox, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { type Column, DataTable } from '../../components/data-table';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { ColonyCustomerFilters, ProductFilter } from '../../components/pickers';
import { RowActions } from '../../components/row-actions';
import { REDIRECT_DELAY_MS } from '../../components/use-redirect';
import { useRowSelection } from '../../components/use-row-selection';
import { useLabel } from '../../lib/config';
import { daysText } from '../../lib/day-names';
import { type ExportColumn, yesNo } from '../../lib/export-list';
import { i18n } from '../../lib/i18n';
import { link, paths } from '../../lib/paths';
import { useListFilters } from '../../lib/url-state';
import {
  allConsumptions,
  consumptionKeys,
  type RowAction,
  useBulkDelete,
  useConsumptionAction,
  useConsumptionList,
  useProductCodeOptions,
} from './api';

const actionDone: Record<RowAction, string> = {
  disable: consumptionTexts.disabledOk,
  enable: consumptionTexts.enabledOk,
  delete: consumptionTexts.deletedOk,
  status: consumptionTexts.statusOk,
};

/** The reasons a row action or a bulk delete got no answer, in the language shown. */
const actionError = (message: string) => i18n.t('consumption.actionError', { message });
const bulkDeleteError = (message: string) => i18n.t('consumption.bulkDeleteError', { message });

/** The name of a row for its check boxes: customer, product and days. */
const rowName = (c: Consumption) =>
  `${c.customer.customerName} ${c.product.productName} ${c.combinations.combinationDays}`;

export function ConsumptionListPage() {
  const label = useLabel();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selection = useRowSelection<number>();
  const { filters, page, change, paging } = useListFilters(
    { colony: null, customer: null, product: null },
    selection.clear,
  );
  const filter = { page, colonyCode: filters.colony, customerId: filters.customer, productCode: filters.product };
  const list = useConsumptionList(filter);
  const products = useProductCodeOptions();
  const action = useConsumptionAction(filter);
  const bulkDelete = useBulkDelete();

  // After a single delete the spec reloads the page 2 seconds later.
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const act = (consumption: Consumption, verb: RowAction) => {
    const question: Record<RowAction, string> = {
      status: t('consumption.confirmStatus'),
      disable: t('consumption.confirmDisable'),
      enable: t('consumption.confirmEnable'),
      delete: t('consumption.confirmDelete'),
    };
    confirmAction(question[verb], async () => {
      try {
        await action.mutateAsync({ action: verb, id: consumption.consumptionId });
        notify.success(actionDone[verb]);
        if (verb === 'delete') {
          selection.remove([consumption.consumptionId]);
          reloadTimer.current = setTimeout(
            () => queryClient.invalidateQueries({ queryKey: consumptionKeys.all }),
            REDIRECT_DELAY_MS,
          );
        }
      } catch (error) {
        notify.failure(error, consumptionTexts.actionFailed, actionError);
      }
    });
  };

  const deleteSelected = () => {
    const ids = [...selection.selected];
    confirmAction(t('consumption.confirmDeleteSelected', { count: ids.length }), async () => {
      try {
        await bulkDelete.mutateAsync(ids);
        selection.remove(ids);
        notify.success(consumptionTexts.bulkDeleted);
      } catch (error) {
        notify.failure(error, consumptionTexts.bulkDeleteFailed, bulkDeleteError);
      }
    });
  };

  const columns: Column<Consumption>[] = [
    { header: t('consumption.serialNo'), cell: (_c, i) => (page - 1) * CONSUMPTION_PAGE_SIZE + i + 1 },
    { header: t('consumption.customerName'), cell: (c) => c.customer.customerName },
    { header: t('consumption.colony'), cell: (c) => c.colony?.colonyName ?? t('consumption.noColony') },
    { header: label('{product}'), key: 'product', cell: (c) => c.product.productName },
    { header: t('records.days'), cell: (c) => daysText(c.combinations.combinationDays) },
    { header: t('consumption.qty'), cell: (c) => quantityWithUnit(c.quantity, c.product.unit) },
    { header: t('consumption.price'), cell: (c) => rupeeText(c.product.price) },
    {
      header: t('consumption.status'),
      cell: (c) => (
        <Checkbox aria-label={`Status: ${rowName(c)}`} checked={c.isActive === 1} onChange={() => act(c, 'status')} />
      ),
    },
    {
      header: t('records.action'),
      cell: (c) => (
        <RowActions
          update={link(paths.updateConsumption, { id: String(c.consumptionId) })}
          disabled={c.disable === 1}
          deletable
          onAction={(verb) => act(c, verb)}
        />
      ),
    },
  ];

  const exportColumns: ExportColumn<Consumption>[] = [
    { header: 'Route', number: (c) => c.customer.route },
    { header: 'Customer Name', text: (c) => c.customer.customerName },
    { header: 'Colony', text: (c) => c.colony?.colonyName ?? 'N/A' },
    { header: label('{product}'), text: (c) => c.product.productName },
    { header: 'Days', text: (c) => c.combinations.combinationDays },
    { header: 'Qty', quantity: (c) => c.quantity },
    { header: 'Unit', text: (c) => c.product.unit },
    { header: 'Price', money: (c) => c.product.price },
    { header: 'Active', text: (c) => yesNo(c.isActive) },
    { header: 'Disabled', text: (c) => yesNo(c.disable) },
  ];

  return (
    <PageCard
      title={t('consumption.listTitle')}
      exportList={{
        screen: 'All Consumptions',
        disabled: !filters.colony && !filters.product,
        filters: { ...filters, page: null },
        columns: exportColumns,
        rows: () => allConsumptions(filter),
      }}
      actions={
        <Group gap="sm">
          <Button color="red" disabled={selection.count === 0} onClick={deleteSelected}>
            {t('consumption.deleteSelected', { count: selection.count })}
          </Button>
          <Button component={Link} to={paths.addConsumption}>
            {t('consumption.add')}
          </Button>
        </Group>
      }
    >
      <Group align="end" mb="md" gap="md" wrap="wrap">
        <ColonyCustomerFilters colony={filters.colony} customer={filters.customer} onChange={change} w={220} />
        <ProductFilter
          selectFirstOptionOnChange
          data={(products.data ?? []).map((p) => ({ value: p.productCode, label: p.productName }))}
          clearButtonProps={{ 'aria-label': label('Clear {product}') }}
          value={filters.product}
          onChange={(product) => change({ product })}
          w={220}
        />
      </Group>
      {!filters.colony && !filters.product ? (
        <Text c="dimmed">{label(t('consumption.pickFirst'))}</Text>
      ) : (
        <DataTable
          query={list}
          rows={list.data?.consumptions ?? []}
          rowKey={(c) => c.consumptionId}
          columns={columns}
          empty={t('consumption.empty')}
          minWidth={900}
          selection={{ state: selection, label: (c) => `Select ${rowName(c)}` }}
          paging={paging(list.data?.totalPages)}
        />
      )}
    </PageCard>
  );
}
