import type { TransactionRow } from '@dairy/contract';
import { Button, Checkbox, Group, Select, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { PageButtons } from '../../components/pagination';
import { ColonySelect, CustomerSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { useLabel } from '../../lib/config';
import { formatDate, formatRupees } from '../../lib/format';
import { link, paths } from '../../lib/paths';
import {
  type TransactionListQuery,
  useBulkDeleteTransactions,
  useDeleteTransaction,
  useToggleAttendance,
  useTransactionFormData,
  useTransactionList,
} from './api';

const PAGE_SIZE = 100;

interface Filters {
  colonyCode: string | null;
  customerId: string | null;
  productName: string | null;
  /** `YYYY-MM`; cleared when a date is chosen. */
  monthyr: string;
  /** `YYYY-MM-DD`; cleared when a month is chosen. */
  date: string;
}

const noFilters: Filters = { colonyCode: null, customerId: null, productName: null, monthyr: '', date: '' };

export function TransactionListPage() {
  const label = useLabel();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const formData = useTransactionFormData();

  const change = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
    setSelected(new Set());
  };

  // The spec loads the list only for a colony or a product together with a date or a month.
  const ready = Boolean((filters.colonyCode || filters.productName) && (filters.date || filters.monthyr));
  const query: TransactionListQuery = {
    limit: PAGE_SIZE,
    offset: page,
    colonyCode: filters.colonyCode ?? undefined,
    customerId: filters.customerId ?? undefined,
    productName: filters.productName ?? undefined,
    date: filters.date || undefined,
    monthyr: filters.monthyr || undefined,
  };
  const list = useTransactionList(query, ready);
  const rows = list.data?.response ?? [];

  const toggleAttendance = useToggleAttendance();
  const deleteOne = useDeleteTransaction();
  const bulkDelete = useBulkDeleteTransactions();

  const act = (action: 'update' | 'delete', row: TransactionRow) =>
    confirmAction(`Are you sure you want to ${action} this transaction?`, async () => {
      try {
        const result =
          action === 'delete'
            ? await deleteOne.mutateAsync(row.transactionId)
            : await toggleAttendance.mutateAsync(row.transactionId);
        notify.success(result.msg);
        setSelected(new Set());
      } catch (error) {
        notify.error(errorMessage(error, 'Something went wrong.'));
      }
    });

  const deleteSelected = () =>
    confirmAction(`Are you sure you want to delete all ${selected.size} Transactions?`, async () => {
      try {
        await bulkDelete.mutateAsync([...selected]);
        notify.success('Selected records deleted!');
        setSelected(new Set());
      } catch (error) {
        notify.error('Bulk delete failed!', errorMessage(error, 'Bulk delete failed!'));
      }
    });

  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.transactionId));
  const someChecked = rows.some((r) => selected.has(r.transactionId));
  const selectAll = () => setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.transactionId)));
  const selectOne = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const productOptions = (formData.data?.data.products ?? []).map((p) => p.productName);

  return (
    <PageCard
      title="All Transactions"
      actions={
        <Group gap="xs">
          {selected.size > 0 && (
            <Button color="red" onClick={deleteSelected}>
              Delete Selected ({selected.size})
            </Button>
          )}
          <Button component={Link} to={paths.singleTransaction} variant="light">
            Single User Transaction
          </Button>
          <Button component={Link} to={paths.generateTransactions}>
            Generate Transactions
          </Button>
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} mb="md">
        <ColonySelect value={filters.colonyCode} onChange={(colonyCode) => change({ colonyCode, customerId: null })} />
        <CustomerSelect
          colonyCode={filters.colonyCode}
          value={filters.customerId}
          onChange={(customerId) => change({ customerId })}
        />
        <Select
          label={label('{product}')}
          placeholder={label('Select {product}')}
          searchable
          clearable
          data={[...new Set(productOptions)]}
          value={filters.productName}
          onChange={(productName) => change({ productName })}
        />
        <TextInput
          type="month"
          label="Month-Year"
          value={filters.monthyr}
          onChange={(e) => change({ monthyr: e.currentTarget.value, date: '' })}
        />
        <TextInput
          type="date"
          label="Date"
          value={filters.date}
          onChange={(e) => change({ date: e.currentTarget.value, monthyr: '' })}
        />
      </SimpleGrid>

      {!ready ? (
        <Text c="dimmed">{label('Choose a colony or a {product}, and a date or a month-year.')}</Text>
      ) : (
        <QueryState query={list}>
          <Text size="sm" mb="xs">
            Total Records: {list.data?.total ?? 0}
          </Text>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      aria-label="Select all"
                      checked={allChecked}
                      indeterminate={someChecked && !allChecked}
                      onChange={selectAll}
                    />
                  </Table.Th>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Customer Name</Table.Th>
                  <Table.Th>{label('{product} Name')}</Table.Th>
                  <Table.Th>Colony</Table.Th>
                  <Table.Th>Combination</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Transaction Date</Table.Th>
                  <Table.Th>Attendance</Table.Th>
                  <Table.Th>Delete</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={r.transactionId}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${r.customer.customerName} ${r.product.productName} ${formatDate(r.transactionDate)}`}
                        checked={selected.has(r.transactionId)}
                        onChange={() => selectOne(r.transactionId)}
                      />
                    </Table.Td>
                    <Table.Td>{(page - 1) * PAGE_SIZE + i + 1}</Table.Td>
                    <Table.Td>
                      <Link to={link(paths.updateTransaction, { id: String(r.transactionId) })}>
                        {r.customer.customerName}
                      </Link>
                    </Table.Td>
                    <Table.Td>{r.product.productName}</Table.Td>
                    <Table.Td>{r.customer.colony.colonyName}</Table.Td>
                    <Table.Td>{r.combination?.combinationDays ?? 'N/A'}</Table.Td>
                    <Table.Td>{formatRupees(r.price)}</Table.Td>
                    <Table.Td>{formatDate(r.transactionDate)}</Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Attendance of ${r.customer.customerName} ${r.product.productName} ${formatDate(r.transactionDate)}`}
                        checked={r.attendance === 1}
                        onChange={() => act('update', r)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" color="red" variant="light" onClick={() => act('delete', r)}>
                        Delete
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={10}>No transactions found.</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageButtons
            page={page}
            totalPages={list.data?.totalPages ?? 0}
            onChange={(p) => {
              setPage(p);
              setSelected(new Set());
            }}
            collapse
          />
        </QueryState>
      )}
    </PageCard>
  );
}
