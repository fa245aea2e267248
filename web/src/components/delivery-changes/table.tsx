import { type ChangeRow, changeDeletedResponse, changeTexts, formatDate, quantityWithUnit } from '@dairy/contract';
import { Button, Group } from '@mantine/core';
import { call } from '../../lib/api';
import { useLabel } from '../../lib/config';
import { confirmAction } from '../confirm';
import { type Column, DataTable } from '../data-table';
import { notify } from '../notify';
import { type ChangesQuery, useChangeMutation, useChanges } from './calls';

/** A change in words: 'Pause', 'Quantity 2.5 L'. */
const changeWords = (c: ChangeRow) =>
  c.kind === 'pause' || c.quantity === null ? 'Pause' : `Quantity ${quantityWithUnit(c.quantity, c.unit ?? '')}`;

/** A page of delivery changes, each with Edit and Delete (the dialog is the list's owner's). */
export function ChangesTable({
  query,
  onPage,
  onEdit,
  showCustomer,
  empty = 'No pauses or changes.',
}: {
  query: ChangesQuery;
  onPage: (page: number) => void;
  onEdit: (change: ChangeRow) => void;
  /** Route and Customer columns (a colony's list, not one customer's). */
  showCustomer: boolean;
  empty?: string;
}) {
  const label = useLabel();
  const list = useChanges(query);
  const remove = useChangeMutation((changeId: number) => call.delete(`/changes/${changeId}`, changeDeletedResponse));

  const askDelete = (change: ChangeRow) =>
    confirmAction('Are you sure you want to delete this change?', async () => {
      try {
        const { affected } = await remove.mutateAsync(change.changeId);
        notify.success(changeTexts.deleted);
        if (affected > 0) notify.success(changeTexts.corrected(affected));
      } catch (error) {
        notify.failure(error, changeTexts.deleteFailed);
      }
    });

  const rowName = (c: ChangeRow) => `${c.customerName} ${formatDate(c.fromDate)}`;
  const columns: Column<ChangeRow>[] = [
    ...(showCustomer
      ? [
          { header: 'Route', cell: (c: ChangeRow) => c.route },
          { header: 'Customer', cell: (c: ChangeRow) => c.customerName },
        ]
      : []),
    { header: label('{product}'), key: 'product', cell: (c) => c.productName ?? 'All' },
    { header: 'Change', cell: changeWords },
    { header: 'From', cell: (c) => formatDate(c.fromDate) },
    { header: 'To', cell: (c) => (c.toDate ? formatDate(c.toDate) : 'Until further notice') },
    { header: 'Reason', cell: (c) => c.reason ?? '' },
    { header: 'By', cell: (c) => c.createdBy },
    {
      header: 'Action',
      cell: (c) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => onEdit(c)} aria-label={`Edit ${rowName(c)}`}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => askDelete(c)}
            aria-label={`Delete ${rowName(c)}`}
          >
            Delete
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
      empty={empty}
      minWidth={showCustomer ? 900 : 700}
      paging={{ page: query.page, totalPages: list.data?.totalPages ?? 0, onChange: onPage }}
    />
  );
}
