import { receiptMessage, statementTexts, whatsappLink, whatsappNumber } from '@dairy/contract';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusinessToday, useLabel } from '../../lib/config';
import { prefetchPdf } from '../../lib/prefetch-pdf';
import { notify } from '../notify';
import { fetchColonyStatements, fetchStatement, useStatement } from './statements';

/*
 * The bill actions of the payment screens (docs/rules.md section 14): a customer's bill PDF, the
 * WhatsApp message of the month, and a colony's bills in one PDF. The PDF code loads on first use.
 * The buttons speak the staff's language (`bills` messages; the toasts through `known`); the bill
 * itself is in the customer's.
 */

interface BillOf {
  customerId: number;
  customerName: string;
  month: number;
  year: number;
}

function useBillContext() {
  const label = useLabel();
  return { productLabel: label('{product}'), printedOn: useBusinessToday() };
}

/** Runs `action` with the button showing it is busy; a failure is a toast with `failed`. */
function useBusy(failed: string) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notify.failure(error, failed);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** 'Bill': the customer's bill of the month as a PDF, `{customer}_{Month}_{year}_Bill.pdf`. */
export function BillButton({ bill }: { bill: BillOf }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const context = useBillContext();
  const { busy, run } = useBusy(statementTexts.billFailed);
  const make = () =>
    run(async () => {
      const [statement, { exportBillPdf }] = await Promise.all([
        fetchStatement(queryClient, bill.customerId, bill.month, bill.year),
        import('./bill-pdf'),
      ]);
      await exportBillPdf(statement, context);
    });
  return (
    <Button
      size="compact-xs"
      variant="light"
      onClick={make}
      loading={busy}
      aria-label={`Bill of ${bill.customerName}`}
      {...prefetchPdf(() => import('./bill-pdf'))}
    >
      {t('bills.bill')}
    </Button>
  );
}

/**
 * 'WhatsApp': opens the month's message to the customer on wa.me in a new tab (nothing is sent by
 * the server). Without a WhatsApp number it says why instead.
 */
export function WhatsAppButton({ bill, contactNumber }: { bill: BillOf; contactNumber: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { busy, run } = useBusy(statementTexts.billFailed);
  if (whatsappNumber(contactNumber) === null)
    return (
      <Text size="xs" c="dimmed">
        {t('bills.noWhatsApp', { name: bill.customerName })}
      </Text>
    );
  const open = () =>
    run(async () => {
      const { whatsappLink } = await fetchStatement(queryClient, bill.customerId, bill.month, bill.year);
      if (whatsappLink) window.open(whatsappLink, '_blank', 'noopener');
    });
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="green"
      onClick={open}
      loading={busy}
      aria-label={`WhatsApp ${bill.customerName}`}
    >
      {t('bills.whatsApp')}
    </Button>
  );
}

/** 'Print all bills': every bill of the colony's month, one page each in route order, from one call. */
export function PrintAllBillsButton({ colonyCode, month, year }: { colonyCode: string; month: number; year: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const context = useBillContext();
  const { busy, run } = useBusy(statementTexts.printFailed);
  const print = () =>
    run(async () => {
      const [colony, { exportColonyBillsPdf }] = await Promise.all([
        fetchColonyStatements(queryClient, colonyCode, month, year),
        import('./bill-pdf'),
      ]);
      if (colony.statements.length === 0) notify.warning(statementTexts.noBills);
      else await exportColonyBillsPdf(colony, context);
    });
  return (
    <Button variant="light" onClick={print} loading={busy} {...prefetchPdf(() => import('./bill-pdf'))}>
      {t('bills.printAll')}
    </Button>
  );
}

/** Receiving Payments: the month's bill and WhatsApp message of the chosen customer. */
export function StatementActions({ customerId, month, year }: { customerId: number; month: number; year: number }) {
  const statement = useStatement(customerId, month, year);
  if (!statement.data) return null;
  const bill = { customerId, customerName: statement.data.customer.customerName, month, year };
  return (
    <Group gap="xs">
      <BillButton bill={bill} />
      <WhatsAppButton bill={bill} contactNumber={statement.data.customer.contactNumber} />
    </Group>
  );
}

export interface ReceiptTaken {
  customerId: number;
  month: number;
  year: number;
  /** Signed paise: negative for money given back. */
  amount: number;
}

/**
 * After a receipt: 'Send receipt on WhatsApp', a wa.me link (new tab) with the amount and the
 * balance now, from the customer's statement as it stands after the receipt.
 */
export function ReceiptWhatsApp({ receipt }: { receipt: ReceiptTaken }) {
  const { t } = useTranslation();
  const statement = useStatement(receipt.customerId, receipt.month, receipt.year, { fresh: true });
  const s = statement.data;
  if (!s || statement.isFetching) return null;
  const message = receiptMessage(
    {
      businessName: s.business.businessName,
      customerName: s.customer.customerName,
      amount: receipt.amount,
      month: receipt.month,
      year: receipt.year,
      // What the customer owes now, whichever month the receipt went to (docs/rules.md section 23).
      balance: s.dueNow,
    },
    s.customer.language,
  );
  const link = whatsappLink(s.customer.contactNumber, message);
  return link ? (
    <Anchor href={link} target="_blank" rel="noopener noreferrer">
      {t('bills.sendReceipt')}
    </Anchor>
  ) : (
    <Text size="sm" c="dimmed">
      {t('bills.noWhatsApp', { name: s.customer.customerName })}
    </Text>
  );
}
