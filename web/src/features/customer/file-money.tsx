import {
  type CustomerReceiptRow,
  type PaymentRow,
  quantityWithUnit,
  rupeeText,
  type StatementLine,
  type StatementResponse,
} from '@dairy/contract';
import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BillButton } from '../../components/bills/bill-actions';
import { useStatement } from '../../components/bills/statements';
import { type Column, DataTable } from '../../components/data-table';
import { useAppConfig } from '../../lib/config';
import { formatInstant } from '../../lib/format';
import { monthName } from '../../lib/i18n';
import { useBillsOf, useReceiptsOf } from './api';
import { useFileTexts } from './file-texts';

/*
 * What the customer owes and why (docs/rules.md section 23): the balance now, this month's bill
 * figures, the bills and the receipts of the last 12 months.
 */

/** "June 2026" in the language shown. */
const monthText = (month: number, year: number) => `${monthName(month)} ${year}`;

/** A bill line in the language shown: "Cow Milk ₹56.00 × 45 L (30 days) = ₹2,520.00". */
function useLineText() {
  const { t } = useTranslation();
  return (line: StatementLine) =>
    t('customer.file.line', {
      product: line.productName,
      price: rupeeText(line.price),
      quantity: quantityWithUnit(line.quantity, line.unit),
      count: line.days,
      amount: rupeeText(line.amount),
    });
}

/** The balance now in words and figures: what an operator reads out first. */
export function BalanceNow({ statement }: { statement: StatementResponse }) {
  const t = useFileTexts();
  const due = statement.dueNow;
  const words = due > 0 ? t.owes(rupeeText(due)) : due < 0 ? t.credit(rupeeText(-due)) : t.settled;
  return (
    <Paper withBorder p="sm" radius="md" aria-labelledby="balance-now">
      <Text size="sm" c="dimmed" id="balance-now">
        {t.balanceNow}
      </Text>
      <Text fz={28} fw={700} c={due > 0 ? 'red.8' : 'green.8'} aria-label={`${t.balanceNow}: ${rupeeText(due)}`}>
        {rupeeText(due)}
      </Text>
      <Text size="sm">{words}</Text>
    </Paper>
  );
}

/**
 * The bill the customer is asked about: the latest of the last 12 months (bills are made after
 * the month ends, docs/rules.md section 23), each line, the charges, the previous balance, what
 * was paid and the balance; with no bill yet, this month's statement so far.
 */
export function LatestBill({
  customerId,
  current,
}: {
  customerId: number;
  current: { month: number; year: number; colonyCode: string };
}) {
  const t = useFileTexts();
  const line = useLineText();
  const period = useLatestBillPeriod(customerId, current);
  const statement = useStatement(customerId, period?.month ?? null, period?.year ?? null);
  const s = statement.data;
  if (!period || !s) return null;
  const figures: [string, number][] = [
    [t.productCharge, s.productCharge],
    [t.serviceCharge, s.serviceCharge],
    [t.previousBalance, s.previousDue],
    [t.paid, s.paid],
    [t.balance, s.balance],
  ];
  return (
    <section aria-labelledby="file-bill">
      <Title order={3} id="file-bill" mb="xs">
        {t.billOf(monthText(s.month, s.year))}
      </Title>
      {!period.billed && (
        <Text size="sm" c="dimmed" mb="xs">
          {t.notBilledYet}
        </Text>
      )}
      <Stack gap={2} mb="xs">
        {s.lines.map((l) => (
          <Text key={`${l.productCode} ${l.price}`} size="sm">
            {line(l)}
          </Text>
        ))}
      </Stack>
      <Table withTableBorder maw={420} aria-label={t.billOf(monthText(s.month, s.year))}>
        <Table.Tbody>
          {figures.map(([name, amount]) => (
            <Table.Tr key={name} fw={name === t.balance ? 700 : undefined}>
              <Table.Th scope="row">{name}</Table.Th>
              <Table.Td ta="right">{rupeeText(amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/** The month of the customer's latest bill of the 12, else the current month (not billed); null while loading. */
export function useLatestBillPeriod(
  customerId: number,
  current: { month: number; year: number; colonyCode: string },
): { month: number; year: number; billed: boolean } | null {
  const bills = useBillsOf({ customerId, colonyCode: current.colonyCode }, current.month, current.year);
  if (bills.isPending) return null;
  const latest = bills.data?.[0];
  return latest
    ? { month: latest.paymentMonth, year: latest.paymentYear, billed: true }
    : { month: current.month, year: current.year, billed: false };
}

/** The bills and the receipts of the last 12 months, side by side on a wide screen. */
export function BillsAndReceipts({
  customer,
  month,
  year,
}: {
  customer: { customerId: number; customerName: string; colonyCode: string };
  month: number;
  year: number;
}) {
  const t = useFileTexts();
  const { timeZone } = useAppConfig();
  const bills = useBillsOf(customer, month, year);
  const receipts = useReceiptsOf(customer.customerId);
  const billColumns: Column<PaymentRow>[] = [
    { header: t.month, cell: (b) => monthText(b.paymentMonth, b.paymentYear) },
    { header: t.total, cell: (b) => rupeeText(b.totalPrice) },
    { header: t.previousBalance, cell: (b) => rupeeText(b.previousDue) },
    { header: t.paid, cell: (b) => rupeeText(b.paid) },
    { header: t.balance, cell: (b) => rupeeText(b.balance) },
    {
      header: t.actions,
      cell: (b) => (
        <BillButton
          bill={{
            customerId: customer.customerId,
            customerName: customer.customerName,
            month: b.paymentMonth,
            year: b.paymentYear,
          }}
        />
      ),
    },
  ];
  const receiptColumns: Column<CustomerReceiptRow>[] = [
    { header: t.takenOn, cell: (r) => formatInstant(r.receivedAt, timeZone) },
    { header: t.forMonth, cell: (r) => monthText(r.month, r.year) },
    {
      header: t.amount,
      cell: (r) => (r.amount < 0 ? `${rupeeText(r.amount)} (${t.refund})` : rupeeText(r.amount)),
    },
    { header: t.by, cell: (r) => r.receivedBy ?? '' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <section aria-labelledby="file-bills">
        <Title order={3} id="file-bills" mb="xs">
          {t.bills}
        </Title>
        <DataTable
          query={bills}
          failure={t.billsFailed}
          rows={bills.data ?? []}
          rowKey={(b) => b.paymentId}
          columns={billColumns}
          empty={t.noBills}
          minWidth={560}
          tableProps={{ 'aria-label': t.bills }}
        />
      </section>
      <section aria-labelledby="file-receipts">
        <Group justify="space-between">
          <Title order={3} id="file-receipts" mb="xs">
            {t.receipts}
          </Title>
        </Group>
        <DataTable
          query={receipts}
          failure={t.receiptsFailed}
          rows={receipts.data?.rows ?? []}
          rowKey={(r) => r.receiptId}
          columns={receiptColumns}
          empty={t.noReceipts}
          minWidth={480}
          tableProps={{ 'aria-label': t.receipts }}
        />
      </section>
    </SimpleGrid>
  );
}
