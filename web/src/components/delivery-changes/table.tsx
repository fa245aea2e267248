import {
  type ChangeRow,
  CUSTOMER_AUTHOR,
  changeDeletedResponse,
  changeTexts,
  formatDate,
  quantityWithUnit,
} from '@dairy/contract';
import { Button, Group } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { useLabel } from '../../lib/config';
import { confirmAction } from '../confirm';
import { type Column, DataTable } from '../data-table';
import { notify } from '../notify';
import { type ChangesQuery, useChangeMutation, useChanges } from './calls';

/** A change in words: 'Pause', 'Quantity 2.5 L'. */
const changeWords = (t: TFunction, c: ChangeRow) =>
  c.kind === 'pause' || c.quantity === null
    ? t('change.pause')
    : t('change.quantityOf', { quantity: quantityWithUnit(c.quantity, c.unit ?? '') });

/** A page of delivery changes, each with Edit and Delete (the dialog is the list's owner's). */
export function ChangesTable({
  query,
  onPage,
  onEdit,
  showCustomer,
  empty,
}: {
  query: ChangesQuery;
  onPage: (page: number) => void;
  onEdit: (change: ChangeRow) => void;
  /** Route and Customer columns (a colony's list, not one customer's). */
  showCustomer: boolean;
  empty?: string;
}) {
  const label = useLabel();
  const { t } = useTranslation();
  const list = useChanges(query);
  const remove = useChangeMutation((changeId: number) => call.delete(`/changes/${changeId}`, changeDeletedResponse));

  const askDelete = (change: ChangeRow) =>
    confirmAction(t('change.confirmDelete'), async () => {
      try {
        const { affected } = await remove.mutateAsync(change.changeId);
        notify.success(changeTexts.deleted);
        if (affected > 0) notify.success(t('change.corrected', { count: affected }));
      } catch (error) {
        notify.failure(error, changeTexts.deleteFailed);
      }
    });

  const rowName = (c: ChangeRow) => `${c.customerName} ${formatDate(c.fromDate)}`;
  const columns: Column<ChangeRow>[] = [
    ...(showCustomer
      ? [
          { header: t('common.route'), cell: (c: ChangeRow) => c.route },
          { header: t('common.customer'), cell: (c: ChangeRow) => c.customerName },
        ]
      : []),
    { header: label('{product}'), key: 'product', cell: (c) => c.productName ?? t('change.all') },
    { header: t('change.change'), cell: (c) => changeWords(t, c) },
    { header: t('change.from'), cell: (c) => formatDate(c.fromDate) },
    { header: t('change.to'), cell: (c) => (c.toDate ? formatDate(c.toDate) : t('change.untilFurther')) },
    { header: t('change.reason'), cell: (c) => c.reason ?? '' },
    {
      header: t('change.by'),
      // The customer's own changes show their author in the language shown.
      cell: (c) => (c.createdBy === CUSTOMER_AUTHOR ? t('change.byCustomer') : c.createdBy),
    },
    {
      header: t('records.action'),
      cell: (c) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => onEdit(c)}
            aria-label={t('change.editRow', { name: rowName(c) })}
          >
            {t('change.editButton')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => askDelete(c)}
            aria-label={t('change.deleteRow', { name: rowName(c) })}
          >
            {t('records.delete')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      query={list}
      failure={changeTexts.loadFailed}
      rows={list.data?.rows ?? []}
      rowKey={(c) => c.changeId}
      columns={columns}
      empty={empty ?? t('change.none')}
      minWidth={showCustomer ? 900 : 700}
      paging={{ page: query.page, totalPages: list.data?.totalPages ?? 0, onChange: onPage }}
    />
  );
}
