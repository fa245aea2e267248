import { advanceOf, type PaymentMode, paymentTexts, rupeeText, typedPaymentAmount } from '@dairy/contract';
import { Alert, Button, Checkbox, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type ReceiptTaken, ReceiptWhatsApp, StatementActions } from '../../components/bills/bill-actions';
import { MoneyField } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { ColonySelect, CustomerSelect, MonthSelect, YearSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { FormStack } from '../../components/record-form';
import { ApiError, newIdempotencyKey } from '../../lib/api';
import { useLabel } from '../../lib/config';
import { contractResolver } from '../../lib/forms';
import { monthName } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { useUrlState } from '../../lib/url-state';
import { usePeriodSummary, useReceivePayment } from './api';
import { useReceiptPeriod } from './receipt-period';

type ReceiptValues = { amount: string; mode: PaymentMode };

/**
 * Receiving Payments (/payments/receiving): a customer's month summary and a receipt form. The
 * month starts at the colony's latest bill (docs/rules.md section 23); after a receipt the customer
 * stays chosen and the summary shows the new balance. Refunds are the office's (section 24): a
 * collector is not offered Negative.
 */
export function ReceivingPaymentsPage() {
  const label = useLabel();
  const { t } = useTranslation();
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
  // The contract's own rules and texts for the amount; a typed sign is never dropped.
  const amountRule = typedPaymentAmount({ negativeOffered: refunds });
  const form = useForm<ReceiptValues>({
    resolver: contractResolver<ReceiptValues>(z.object({ amount: amountRule }), label),
    defaultValues: { amount: '', mode: 'positive' },
    // The amount is checked on Submit only; what it earned goes as soon as it is typed again.
    reValidateMode: 'onSubmit',
  });
  useEffect(() => {
    const typing = form.watch((_, { name }) => {
      if (name === 'amount') form.clearErrors('amount');
    });
    return () => typing.unsubscribe();
  }, [form]);
  const [amount, mode] = form.watch(['amount', 'mode']);
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

  const typed = amount.trim() === '' ? null : amountRule.safeParse(amount);
  const owedNow = summary.data?.customer.due;
  const advance = mode === 'positive' && typed?.success && owedNow !== undefined ? advanceOf(typed.data, owedNow) : 0;

  const send = async (values: ReceiptValues) => {
    const receipt = {
      customerId: Number(customer),
      month: Number(month),
      year: Number(year),
      amount: values.amount.trim(),
      mode: values.mode,
    };
    const paise = amountRule.parse(values.amount);
    const fingerprint = JSON.stringify(receipt);
    const idempotencyKey = unanswered.current?.receipt === fingerprint ? unanswered.current.key : newIdempotencyKey();
    unanswered.current = { key: idempotencyKey, receipt: fingerprint };
    try {
      await receive.mutateAsync({ ...receipt, idempotencyKey });
      unanswered.current = null;
      notify.success(paymentTexts.received);
      setLastReceipt({ ...receipt, amount: values.mode === 'negative' ? -paise : paise });
      // The form starts again as a positive payment; the customer stays, with the balance now.
      form.reset({ amount: '', mode: 'positive' });
    } catch (error) {
      // A refusal (4xx) recorded nothing: the next submission is a new one.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) unanswered.current = null;
      notify.failure(error, paymentTexts.receiveFailed, () => paymentTexts.receiveError);
    }
  };
  // The period first, as a toast; then the amount beside its field, and nothing is sent until it passes.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!customer || !month || !year) {
      event.preventDefault();
      notify.error(paymentTexts.selectAll);
      return;
    }
    return form.handleSubmit(send)(event);
  };

  const bill = summary.data?.currentBill;
  return (
    <PageCard title={t('payment.receivingTitle')}>
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
        label={t('payment.onlyDefaulters')}
        checked={defaultersOnly}
        onChange={(e) => setFilters({ defaulters: e.currentTarget.checked ? '1' : null, customer: null })}
        mb="md"
      />
      {customer && month && year && (
        <Paper withBorder p="md" mb="md" maw={480} aria-label={t('payment.summary')} component="section">
          <Title order={4} mb="xs">
            {t('payment.summary')}
          </Title>
          <QueryState query={summary}>
            {bill && (
              <Stack gap={4}>
                <SummaryLine name={label(t('payment.productBill'))} amount={bill.totalPrice} />
                <SummaryLine name={t('payment.prevBalance')} amount={bill.previousDue} />
                <SummaryLine name={t('common.total')} amount={bill.total} />
                <SummaryLine name={t('payment.thisMonthPaid')} amount={bill.paid} />
                <SummaryLine name={t('common.balance')} amount={bill.balance} strong />
                {bill.paymentId === null && (
                  <Alert color="yellow" variant="light" mt="xs" p="xs">
                    {t('payment.noBill', { period: `${monthName(Number(month))} ${year}` })}
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
          <Radio.Group
            label={t('payment.paymentMode')}
            value={mode}
            onChange={(v) => form.setValue('mode', v as PaymentMode)}
          >
            <Group mt={4}>
              <Radio value="positive" label={t('payment.positive')} />
              <Radio value="negative" label={t('payment.negative')} />
            </Group>
          </Radio.Group>
        )}
        <MoneyField
          name="amount"
          control={form.control}
          label={t('payment.paymentAmount')}
          placeholder="0.00"
          error={form.formState.errors.amount?.message}
        />
        {advance > 0 && (
          <Alert color="yellow" variant="light" p="xs" role="status">
            {t('collect.advance', { amount: rupeeText(advance) })}
          </Alert>
        )}
        <Button type="submit" disabled={receive.isPending} w="fit-content">
          {receive.isPending ? t('records.updating') : t('payment.submit')}
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
        {rupeeText(amount)}
      </Text>
    </Group>
  );
}
