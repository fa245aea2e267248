import type { PaymentRow } from '@dairy/contract';
import { Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { PageButtons } from '../../components/pagination';
import { ColonySelect, MonthSelect, YearSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { ApiError } from '../../lib/api';
import { useLabel } from '../../lib/config';
import { formatRupees } from '../../lib/format';
import { usePaymentList } from './api';
import { usePaymentSelection } from './bulk-delete';
import { addRupees } from './payment-cells';

/** Payment Information (/payments/info and /payments): a colony's bills of one month. */
export function PaymentInfoPage() {
  const label = useLabel();
  const [colony, setColony] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(null);
  const [year, setYear] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const filter = colony && month && year ? { colonyCode: colony, month: Number(month), year: Number(year) } : null;
  const list = usePaymentList(filter, page);
  const rows = list.data?.rows ?? [];
  const selection = usePaymentSelection(rows.map((r) => r.paymentId));
  const { selected } = selection;

  const changeFilter = (set: (v: string | null) => void) => (value: string | null) => {
    set(value);
    setPage(1);
    selection.clear();
  };

  const deleteOne = (row: PaymentRow) =>
    confirmAction(`Are you sure you want to delete the payment of ${row.customerName}?`, async () => {
      try {
        await selection.remove.mutateAsync([row.paymentId]);
        notify.success('Successfully Deleted Payment');
        selection.unselect(row.paymentId);
      } catch (error) {
        notify.error(
          error instanceof ApiError && error.status
            ? 'Unable to Delete Payment'
            : 'Error occurred while deleting payment.',
        );
      }
    });

  const deleteSelected = () =>
    confirmAction(`Are you sure you want to delete the ${selected.size} selected payments?`, selection.deleteSelected);

  return (
    <PageCard
      title="Payment Information"
      actions={
        selected.size > 0 && (
          <Button color="red" onClick={deleteSelected}>
            Delete Selected ({selected.size})
          </Button>
        )
      }
    >
      <Group align="end" mb="md" wrap="wrap">
        <ColonySelect value={colony} onChange={changeFilter(setColony)} />
        <MonthSelect value={month} onChange={changeFilter(setMonth)} />
        <YearSelect value={year} onChange={changeFilter(setYear)} />
      </Group>
      {!filter ? (
        <Text>Please select colony, month and year.</Text>
      ) : (
        <QueryState query={list}>
          <Table.ScrollContainer minWidth={700}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      aria-label="Select all payments"
                      checked={selection.allTicked}
                      indeterminate={selection.someTicked && !selection.allTicked}
                      onChange={selection.togglePage}
                    />
                  </Table.Th>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Customer Name</Table.Th>
                  <Table.Th>previous Due</Table.Th>
                  <Table.Th>{label('{product} Charge')}</Table.Th>
                  <Table.Th>Service Charge</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, i) => (
                  <PaymentRows
                    key={row.paymentId}
                    row={row}
                    index={(page - 1) * (list.data?.limit ?? 0) + i + 1}
                    ticked={selected.has(row.paymentId)}
                    onTick={() => selection.toggle(row.paymentId)}
                    onDelete={() => deleteOne(row)}
                    productLabel={label('{product} Name')}
                  />
                ))}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={7}>No payments found.</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageButtons page={page} totalPages={list.data?.totalPages ?? 0} onChange={setPage} />
        </QueryState>
      )}
    </PageCard>
  );
}

function PaymentRows({
  row,
  index,
  ticked,
  onTick,
  onDelete,
  productLabel,
}: {
  row: PaymentRow;
  index: number;
  ticked: boolean;
  onTick: () => void;
  onDelete: () => void;
  productLabel: string;
}) {
  const label = useLabel();
  return (
    <>
      <Table.Tr>
        <Table.Td>
          <Checkbox aria-label={`Select ${row.customerName}`} checked={ticked} onChange={onTick} />
        </Table.Td>
        <Table.Td>{index}</Table.Td>
        <Table.Td>{row.customerName}</Table.Td>
        <Table.Td>{formatRupees(row.previousDue)}</Table.Td>
        <Table.Td>{formatRupees(addRupees(row.totalPrice, -row.charges))}</Table.Td>
        <Table.Td>{formatRupees(row.charges)}</Table.Td>
        <Table.Td>
          <Button size="xs" color="red" variant="light" onClick={onDelete} aria-label={`Delete ${row.customerName}`}>
            Delete
          </Button>
        </Table.Td>
      </Table.Tr>
      <Table.Tr>
        <Table.Td />
        <Table.Td colSpan={6}>
          <Table withRowBorders={false} fz="sm" aria-label={`${label('{product}s')} of ${row.customerName}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{productLabel}</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Days</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {row.paymentProducts.map((l) => (
                <Table.Tr key={`${l.productCode}-${l.price}`}>
                  <Table.Td>{l.productName}</Table.Td>
                  <Table.Td>{formatRupees(l.price)}</Table.Td>
                  <Table.Td>{l.attendance}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.Td>
      </Table.Tr>
    </>
  );
}
