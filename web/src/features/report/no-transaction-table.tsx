import { type NoTransactionRecord, reportTexts, rupeeText } from '@dairy/contract';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../../lib/config';
import { titleCase } from '../../lib/format';
import { translateKnown } from '../../lib/i18n';
import { LineList } from './line-list';
import { lastTransactionText } from './report-format';
import { shownMonthYear } from './screen-texts';

/** Customers having no transactions: the balance report and the defaulters preview share it. */
export function NoTransactionTable({ records }: { records: NoTransactionRecord[] }) {
  const label = useLabel();
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.route')}</Table.Th>
            <Table.Th>{t('report.customerName')}</Table.Th>
            <Table.Th>{t('report.contactNumber')}</Table.Th>
            <Table.Th>{t('report.totalDue')}</Table.Th>
            <Table.Th>{label(t('report.productName'))}</Table.Th>
            <Table.Th>{t('report.lastTransaction')}</Table.Th>
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
              <Table.Td>{lastTransactionText(r, shownMonthYear)}</Table.Td>
            </Table.Tr>
          ))}
          {records.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>{translateKnown(reportTexts.noData)}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
