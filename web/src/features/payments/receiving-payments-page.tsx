import { advanceOf, type PaymentMode, paymentTexts, typedPaymentAmount } from '@dairy/contract';
import { Alert, Button, Checkbox, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { type ReceiptTaken, ReceiptWhatsApp, StatementActions } from '../../components/bills/bill-actions';
import { MoneyInput } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { ColonySelect, CustomerSelect, MonthSelect, YearSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { FormStack } from '../../components/record-form';
import { ApiError, newIdempotencyKey } from '../../lib/api';
import { useLabel } from '../../lib/config';
import { formatMoney, monthYear } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { useUrlState } from '../../lib/url-state';
import { usePeriodSummary, useReceivePayment } from './api';
import { useReceiptPeriod } from './receipt-period';

/**
 * Receiving Payments (/payments/receiving): a customer's month summary and a receipt form. The
 * month starts at the colony's latest bill (docs/rules.md section 23); after a receipt the customer
 * stays chosen and the summary shows the new balance. Refunds are the office's (section 24): a
 * collector is not offered Negative.
 */
export function ReceivingPaymentsPage() {
  const label = useLabel();
  const refunds = useCurrentUser().role !== 'collector';
  const [filters, setFilters] = useUrlState({
    colony: null,
    customer: null,
    month: null,
    year: null,
    defaulters: null,
  });
  const { colony, customer } = filters;
  const { month, year } = useReceiptPeriod(colony, filters);
  const defaultersOnly = filters.defaulters === '1';
  const [mode, setMode] = useState<PaymentMode>('positive');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const summary = usePeriodSummary(
    customer ? Number(customer) : null,
    month ? Number(month) : null,
    year ? Number(year) : null,
  );
  const receive = useReceivePayment();
  const [lastReceipt, setLastReceipt] = useState<ReceiptTaken | null>(null);
  /**
   * The key of a submission that got no answer: the server may have recorded it, so submitting
   * the same receipt again sends the same key and cannot record it twice. Any other submission
   * gets a fresh key.
   */
  const unanswered = useRef<{ key: string; receipt: string } | null>(null);

  // The contract's own rules and texts for the amount; a typed sign is never dropped.
  const amountRule = typedPaymentAmount({ negativeOffered: refunds });
  const typed = amount.trim() === '' ? null : amountRule.safeParse(amount);
  const owedNow = summary.data?.customer.due;
  const advance = mode === 'positive' && typed?.success && owedNow !== undefined ? advanceOf(typed.data, owedNow) : 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!customer || !month || !year) {
      notify.error(paymentTexts.selectAll);
      return;
    }
    // Beside the field, and nothing is sent until it passes.
    const checked = amountRule.safeParse(amount);
    setAmountError(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (!checked.success) return;
    const receipt = {
      customerId: Number(customer),
      month: Number(month),
      year: Number(year),
      amount: amount.trim(),
      mode,
    };
    const fingerprint = JSON.stringify(receipt);
    const idempotencyKey = unanswered.current?.receipt === fingerprint ? unanswered.current.key : newIdempotencyKey();
    unanswered.current = { key: idempotencyKey, receipt: fingerprint };
    try {
      await receive.mutateAsync({ ...receipt, idempotencyKey });
      unanswered.current = null;
      notify.success(paymentTexts.received);
      setLastReceipt({ ...receipt, amount: mode === 'negative' ? -checked.data : checked.data });
      // The form starts again as a positive payment; the customer stays, with the balance now.
      setMode('positive');
      setAmount('');
    } catch (error) {
      // A refusal (4xx) recorded nothing: the next submission is a new one.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) unanswered.current = null;
      notify.failure(error, paymentTexts.receiveFailed, () => paymentTexts.receiveError);
    }
  };

  const bill = summary.data?.currentBill;
  return (
    <PageCard title="Receiving Payments">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mb="sm">
        <ColonySelect
          value={colony}
          onChange={(value) => {
            setFilters({ colony: value, customer: null });
            setLastReceipt(null);
          }}
        />
        <CustomerSelect
          colonyCode={colony}
          value={customer}
          onChange={(value) => {
            setFilters({ customer: value });
            setLastReceipt(null);
          }}
          defaultersOnly={defaultersOnly}
        />
        <MonthSelect value={month} onChange={(value) => setFilters({ month: value })} />
        <YearSelect value={year} onChange={(value) => setFilters({ year: value })} />
      </SimpleGrid>
      <Checkbox
        label="Only Defaulters"
        checked={defaultersOnly}
        onChange={(e) => setFilters({ defaulters: e.currentTarget.checked ? '1' : null, customer: null })}
        mb="md"
      />
      {customer && month && year && (
        <Paper withBorder p="md" mb="md" maw={480} aria-label="Payment Summary" component="section">
          <Title order={4} mb="xs">
            Payment Summary
          </Title>
          <QueryState query={summary}>
            {bill && (
              <Stack gap={4}>
                <SummaryLine name={label('{product} Bill')} amount={bill.totalPrice} />
                <SummaryLine name="Prev Month Balance" amount={bill.previousDue} />
                <SummaryLine name="Total" amount={bill.total} />
                <SummaryLine name="This Month Paid" amount={bill.paid} />
                <SummaryLine name="Balance" amount={bill.balance} strong />
                {bill.paymentId === null && (
                  <Alert color="yellow" variant="light" mt="xs" p="xs">
                    {paymentTexts.noBill(monthYear(Number(month), Number(year)))}
                  </Alert>
                )}
                <StatementActions customerId={Number(customer)} month={Number(month)} year={Number(year)} />
              </Stack>
            )}
          </QueryState>
        </Paper>
      )}
      <FormStack onSubmit={submit} maw={480}>
        {refunds && (
          <Radio.Group label="Payment Mode" value={mode} onChange={(v) => setMode(v as PaymentMode)}>
            <Group mt={4}>
              <Radio value="positive" label="Positive" />
              <Radio value="negative" label="Negative" />
            </Group>
          </Radio.Group>
        )}
        <MoneyInput
          label="Payment Amount"
          placeholder="0.00"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setAmountError(null);
          }}
          error={amountError}
        />
        {advance > 0 && (
          <Alert color="yellow" variant="light" p="xs" role="status">
            {paymentTexts.advance(advance)}
          </Alert>
        )}
        <Button type="submit" disabled={receive.isPending} w="fit-content">
          {receive.isPending ? 'Updating...' : 'Submit'}
        </Button>
        {lastReceipt && <ReceiptWhatsApp receipt={lastReceipt} />}
      </FormStack>
    </PageCard>
  );
}

function SummaryLine({ name, amount, strong = false }: { name: string; amount: number; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text fw={strong ? 700 : undefined}>{name}</Text>
      <Text fw={strong ? 700 : undefined} aria-label={name}>
        {formatMoney(amount)}
      </Text>
    </Group>
  );
}
