import { type TransactionUpdateFormResponse, transactionUpdateBody } from '@dairy/contract';
import { Button, Checkbox, Select, SimpleGrid, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { MoneyField } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { ReadOnlyField } from '../../components/read-only-field';
import { useDelayedRedirect } from '../../components/use-redirect';
import { errorMessage } from '../../lib/api';
import { useLabel } from '../../lib/config';
import { formatDate } from '../../lib/format';
import { contractResolver } from '../../lib/forms';
import { paths } from '../../lib/paths';
import { useDayOptions, useTransaction, useUpdateTransaction } from './api';

export function UpdateTransactionPage() {
  const { id = '' } = useParams();
  const loaded = useTransaction(id);

  useEffect(() => {
    if (loaded.isError) notify.error('Failed to load transaction data.');
  }, [loaded.isError]);

  return (
    <PageCard title="Update Transaction">
      <QueryState query={loaded} failure="Error: Could not load transaction data">
        {loaded.data && <UpdateTransactionForm data={loaded.data} />}
      </QueryState>
    </PageCard>
  );
}

type Values = {
  transactionId: number;
  productId: string | null;
  combinationId: string | null;
  price: number | string;
  attendance: boolean;
};

function UpdateTransactionForm({ data }: { data: TransactionUpdateFormResponse }) {
  const label = useLabel();
  const { transaction } = data;
  const update = useUpdateTransaction();
  const redirect = useDelayedRedirect();
  const form = useForm<Values>({
    resolver: contractResolver(transactionUpdateBody, label),
    defaultValues: {
      transactionId: transaction.transactionId,
      productId: transaction.product.productCode,
      combinationId: String(transaction.combinationId),
      price: transaction.price,
      attendance: transaction.attendance === 1,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const productCode = form.watch('productId');
  // The loaded transaction brings its own code's days; another code asks the server.
  const sameCode = productCode === transaction.product.productCode;
  const fetched = useDayOptions(sameCode ? null : productCode);
  const days = sameCode ? data.days : (fetched.data ?? []);

  useEffect(() => {
    if (fetched.isError) notify.error('Failed to load days.');
  }, [fetched.isError]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync({
        transactionId: values.transactionId,
        productId: values.productId ?? '',
        combinationId: values.combinationId ?? '',
        price: values.price,
        attendance: values.attendance,
      });
      notify.success(result.msg);
      redirect(paths.transactions);
    } catch (error) {
      notify.error('Failed to update transaction.', errorMessage(error, 'Failed to update transaction.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={640}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ReadOnlyField label="Colony" value={transaction.customer.colony.colonyName} />
          <ReadOnlyField label="Customer" value={transaction.customer.customerName} />
          <ReadOnlyField label="Date" value={formatDate(transaction.transactionDate)} />
          <Controller
            name="productId"
            control={form.control}
            render={({ field }) => (
              <Select
                label={label('{product}')}
                placeholder={label('Select {product}')}
                searchable
                data={data.products.map((p) => ({
                  value: p.productCode,
                  label: `${p.productName} (${p.productCode})`,
                }))}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  form.setValue('combinationId', null);
                }}
                error={errors.productId?.message}
              />
            )}
          />
          <Controller
            name="combinationId"
            control={form.control}
            render={({ field }) => (
              <Select
                label="Days"
                placeholder="Select Days"
                disabled={!productCode}
                data={days.map((d) => ({ value: String(d.id), label: d.name }))}
                value={field.value}
                onChange={field.onChange}
                error={errors.combinationId?.message}
              />
            )}
          />
          <MoneyField
            name="price"
            control={form.control}
            label="Price"
            min={1}
            clampBehavior="none"
            error={errors.price?.message}
          />
        </SimpleGrid>
        <Checkbox label="Attendance" {...form.register('attendance')} />
        <Button type="submit" disabled={isSubmitting || update.isSuccess} w="fit-content">
          {isSubmitting ? 'Updating...' : 'Update Transaction'}
        </Button>
      </Stack>
    </form>
  );
}
