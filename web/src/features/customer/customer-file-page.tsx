import type { ChangeRow } from '@dairy/contract';
import { Anchor, Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { BillButton, WhatsAppButton } from '../../components/bills/bill-actions';
import { useStatement } from '../../components/bills/statements';
import { useChangeDialog } from '../../components/delivery-changes/dialog';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { useCurrentPeriod } from '../../lib/config';
import { link, paths } from '../../lib/paths';
import { useMayOpen } from '../../lib/session';
import { useCustomerRecord } from './api';
import { CustomerPagePanel } from './customer-page-panel';
import { FileCalendar, FileChanges, FileConsumptions } from './file-deliveries';
import { BalanceNow, BillsAndReceipts, LatestBill, useLatestBillPeriod } from './file-money';
import { useFileTexts } from './file-texts';

/**
 * The customer's file (/customers/:customerId, docs/rules.md section 23): one screen that answers a
 * customer who calls. Contact, colony and route, the balance now, this month's bill and calendar,
 * consumptions and changes, bills and receipts of 12 months, and the actions Receive payment,
 * Pause, Bill, WhatsApp and Customer page. A collector sees what their calls may read: the
 * statement, bills and receipts, and Receive payment.
 */
export function CustomerFilePage() {
  const { customerId = '' } = useParams();
  const t = useFileTexts();
  const id = Number(customerId);
  const { month, year } = useCurrentPeriod();
  const valid = Number.isInteger(id) && id > 0 ? id : null;
  const record = useCustomerRecord(valid);
  const statement = useStatement(valid, month, year);
  const file = useFile(id);
  // One Pause & Changes dialog: Pause opens it new, the changes list to edit.
  const dialog = useChangeDialog({ colonyCode: file?.customer.colonyCode ?? null, customer: file?.customer });
  // Both calls' loading and failure show as one.
  const loading = {
    isPending: record.isPending || statement.isPending,
    isError: record.isError || statement.isError,
    error: record.error ?? statement.error,
    refetch: () => Promise.all([record.refetch(), statement.refetch()]),
  };
  return (
    <PageCard
      title={file?.customer.customerName ?? t.title}
      actions={file && <FileActions customerId={id} onPause={dialog.openNew} />}
    >
      <QueryState query={loading} failure={t.loadFailed}>
        {file && <FileBody customerId={id} month={month} year={year} onEditChange={dialog.openEdit} />}
      </QueryState>
      {dialog.element}
    </PageCard>
  );
}

/** The statement of this month with the customer's colony code and flags; null until both are read. */
function useFile(customerId: number) {
  const { month, year } = useCurrentPeriod();
  const record = useCustomerRecord(customerId).data;
  const s = useStatement(customerId, month, year).data;
  return record && s ? { ...s, customer: { ...s.customer, colonyCode: record.colonyCode }, record } : null;
}

function FileBody({
  customerId,
  month,
  year,
  onEditChange,
}: {
  customerId: number;
  month: number;
  year: number;
  onEditChange: (change: ChangeRow) => void;
}) {
  const s = useFile(customerId);
  const office = useMayOpen(paths.changes);
  const t = useFileTexts();
  if (!s) return null;
  const c = s.customer;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <section aria-labelledby="file-contact">
          <Text fw={700} id="file-contact" mb={4}>
            {t.contact}
          </Text>
          <Text>
            {t.phone}: {c.contactNumber ? <Anchor href={`tel:${c.contactNumber}`}>{c.contactNumber}</Anchor> : '—'}
          </Text>
          <Text>
            {t.address}: {c.address || '—'}
          </Text>
          <Text>
            {t.colony}: {c.colonyName} ({c.colonyCode}) · {t.routeOf(c.route)}
          </Text>
          {(s.record.disable === 1 || s.record.defaulter === 1) && (
            <Group gap="xs" mt={4}>
              {s.record.disable === 1 && <Badge color="gray">{t.disabled}</Badge>}
              {s.record.defaulter === 1 && <Badge color="red">{t.defaulter}</Badge>}
            </Group>
          )}
        </section>
        <BalanceNow statement={s} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <LatestBill customerId={customerId} current={{ month, year, colonyCode: c.colonyCode }} />
        <FileCalendar statement={s} withChanges={office} />
      </SimpleGrid>
      {office && (
        <>
          <FileConsumptions customerId={customerId} />
          <FileChanges customerId={customerId} onEdit={onEditChange} />
        </>
      )}
      <BillsAndReceipts customer={c} month={month} year={year} />
    </Stack>
  );
}

/** Receive payment, Pause, Bill, WhatsApp and Customer page, each for those who may do it. */
function FileActions({ customerId, onPause }: { customerId: number; onPause: () => void }) {
  const s = useFile(customerId);
  const office = useMayOpen(paths.changes);
  const mayReceive = useMayOpen(paths.receivingPayments);
  const { month, year } = useCurrentPeriod();
  const latest = useLatestBillPeriod(customerId, { month, year, colonyCode: s?.customer.colonyCode ?? '' });
  const [panelOpened, panel] = useDisclosure(false);
  const t = useFileTexts();
  if (!s) return null;
  const c = s.customer;
  // Bill and WhatsApp send the latest bill, as the file shows it.
  const bill = { customerId, customerName: c.customerName, month: latest?.month ?? month, year: latest?.year ?? year };
  const receiving = `${paths.receivingPayments}?colony=${encodeURIComponent(c.colonyCode)}&customer=${customerId}`;
  return (
    <Group gap="xs">
      {mayReceive && (
        <Button size="compact-sm" component={Link} to={receiving}>
          {t.receivePayment}
        </Button>
      )}
      {office && (
        <Button size="compact-sm" variant="light" onClick={onPause}>
          {t.pause}
        </Button>
      )}
      <BillButton bill={bill} />
      <WhatsAppButton bill={bill} contactNumber={c.contactNumber} />
      {office && (
        <>
          <Button size="compact-sm" variant="light" onClick={panel.open}>
            {t.customerPage}
          </Button>
          <Anchor component={Link} to={link(paths.updateCustomer, { id: String(customerId) })} size="sm">
            {t.update}
          </Anchor>
          <Modal opened={panelOpened} onClose={panel.close} title={t.customerPage} size="lg">
            <CustomerPagePanel customer={c} titled={false} />
          </Modal>
        </>
      )}
    </Group>
  );
}
