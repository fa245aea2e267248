import { type NoTransactionRecord, reportTexts, rupeeText } from '@dairy/contract';
import { Table } from '@mantine/core';
import { useLabel } from '../../lib/config';
import { titleCase } from '../../lib/format';
import { LineList } from './line-list';
import { lastTransactionText } from './report-format';

/** Customers having no transactions: the balance report and the defaulters preview share it. */
export function NoTransactionTable({ records }: { records: NoTransactionRecord[] }) {
  const label = useLabel();
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Route</Table.Th>
            <Table.Th>Customer Name</Table.Th>
            <Table.Th>Contact Number</Table.Th>
            <Table.Th>Total Due</Table.Th>
            <Table.Th>{label('{product} Name')}</Table.Th>
            <Table.Th>Last Transaction</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <Table.Tr key={r.customer.customerId}>
              <Table.Td>{r.customer.route}</Table.Td>
              <Table.Td>{titleCase(r.customer.customerName)}</Table.Td>
              <Table.Td>{r.customer.contactNumber}</Table.Td>
              <Table.Td>{rupeeText(r.totalDue)}</Table.Td>
              <Table.Td>
                <LineList lines={r.paymentProducts} />
              </Table.Td>
              <Table.Td>{lastTransactionText(r)}</Table.Td>
            </Table.Tr>
          ))}
          {records.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>{reportTexts.noData}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
