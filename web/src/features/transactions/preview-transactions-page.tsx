import { SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PageCard } from '../../components/page-card';
import { PageButtons } from '../../components/pagination';
import { ColonySelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { useLabel } from '../../lib/config';
import { formatDate, formatRupees } from '../../lib/format';
import { usePreview } from './api';

const PAGE_SIZE = 20;
const EMPTY = 'No transactions found. Please apply filter';

export function PreviewTransactionsPage() {
  const label = useLabel();
  const [colony, setColony] = useState<string | null>(null);
  // Empty means today in the business time zone: the server decides and sends the date back.
  const [startDate, setStartDate] = useState('');
  const [page, setPage] = useState(1);
  const preview = usePreview(colony, startDate, page);
  const rows = preview.data?.data ?? [];

  return (
    <PageCard title="Preview Transactions">
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md" maw={720}>
        <TextInput
          type="date"
          label="Start Date"
          value={startDate || preview.data?.date || ''}
          onChange={(e) => {
            setStartDate(e.currentTarget.value);
            setPage(1);
          }}
        />
        <ColonySelect
          activeOnly
          value={colony}
          onChange={(c) => {
            setColony(c);
            setPage(1);
          }}
        />
      </SimpleGrid>
      {!colony ? (
        <Text>{EMPTY}</Text>
      ) : (
        <QueryState query={preview}>
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Customer Name</Table.Th>
                  <Table.Th>Colony</Table.Th>
                  <Table.Th>{label('{product} Name')}</Table.Th>
                  <Table.Th>Days</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Price</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={`${r.customerId}-${r.productId}`}>
                    <Table.Td>{(page - 1) * PAGE_SIZE + i + 1}</Table.Td>
                    <Table.Td>{r.customerName}</Table.Td>
                    <Table.Td>{r.colonyName}</Table.Td>
                    <Table.Td>{r.productName}</Table.Td>
                    <Table.Td>{r.combinationDays}</Table.Td>
                    <Table.Td>{formatDate(r.transactionDate)}</Table.Td>
                    <Table.Td>{formatRupees(r.price)}</Table.Td>
                  </Table.Tr>
                ))}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={7}>{EMPTY}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageButtons page={page} totalPages={preview.data?.totalPages ?? 0} onChange={setPage} />
        </QueryState>
      )}
    </PageCard>
  );
}
