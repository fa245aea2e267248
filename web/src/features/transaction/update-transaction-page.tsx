import {
  formatDate,
  type TransactionUpdateFormResponse,
  transactionTexts,
  transactionUpdateBody,
} from '@dairy/contract';
import { Checkbox, SimpleGrid } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MoneyField, moneyFieldValue } from '../../components/money-input';
import { notify } from '../../components/notify';
import { QuantityField, quantityFieldValue } from '../../components/quantity-input';
import { ReadOnlyField } from '../../components/read-only-field';
import { FormStack, SubmitButton, UpdateRecordPage, useSaveAndReturn } from '../../components/record-form';
import { ProductDaysSelects } from '../../components/select-field';
import { useLabel } from '../../lib/config';
import { contractResolver } from '../../lib/forms';
import { paths } from '../../lib/paths';
import { dayChoices, productChoices, useDayOptions, useTransaction, useUpdateTransaction } from './api';

export function UpdateTransactionPage() {
  const { id = '' } = useParams();
  const loaded = useTransaction(id);
  const { t } = useTranslation();

  useEffect(() => {
    if (loaded.isError) notify.error(transactionTexts.loadFailed);
  }, [loaded.isError]);

  return (
    <UpdateRecordPage title={t('transaction.updateTitle')} query={loaded} failure={transactionTexts.loadFailedOnScreen}>
      {(record, reload) => <UpdateTransactionForm data={record} reload={reload} />}
    </UpdateRecordPage>
  );
}

type Values = {
  transactionId: number;
  productId: string | null;
  combinationId: string | null;
  price: number | string;
  quantity: number | string;
  attendance: boolean;
  version: number;
};

function UpdateTransactionForm({ data, reload }: { data: TransactionUpdateFormResponse; reload: () => void }) {
  const label = useLabel();
  const { t } = useTranslation();
  const { transaction } = data;
  const update = useUpdateTransaction();
  const { save, staleAlert } = useSaveAndReturn({
    saved: transactionTexts.updated,
    failed: transactionTexts.updateFailed,
    list: paths.transactions,
    reload,
  });
  const form = useForm<Values>({
    resolver: contractResolver(transactionUpdateBody, label),
    // The version read when the form opened: a save from this copy must not undo a later change.
    defaultValues: {
      transactionId: transaction.transactionId,
      productId: transaction.product.productCode,
      combinationId: String(transaction.combinationId),
      price: moneyFieldValue(transaction.price),
      quantity: quantityFieldValue(transaction.quantity),
      attendance: transaction.attendance === 1,
      version: transaction.version,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const productCode = form.watch('productId');
  // The loaded transaction brings its own code's days; another code asks the server.
  const sameCode = productCode === transaction.product.productCode;
  const fetched = useDayOptions(sameCode ? null : productCode);
  const days = sameCode ? data.days : (fetched.data ?? []);

  useEffect(() => {
    if (fetched.isError) notify.error(transactionTexts.daysFailed);
  }, [fetched.isError]);

  const submit = form.handleSubmit((values) =>
    save(() =>
      update.mutateAsync({
        transactionId: values.transactionId,
        productId: values.productId ?? '',
        combinationId: values.combinationId ?? '',
        price: values.price,
        quantity: values.quantity,
        attendance: values.attendance,
        version: values.version,
      }),
    ),
  );
  return (
    <FormStack onSubmit={submit} maw={640}>
      {staleAlert}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ReadOnlyField label={t('transaction.colony')} value={transaction.customer.colony.colonyName} />
        <ReadOnlyField label={t('common.customer')} value={transaction.customer.customerName} />
        <ReadOnlyField label={t('common.date')} value={formatDate(transaction.transactionDate)} />
        <ProductDaysSelects
          form={form}
          cleared={null}
          products={{ name: 'productId', data: productChoices(data.products) }}
          days={{ name: 'combinationId', data: dayChoices(days) }}
        />
        <MoneyField
          name="price"
          control={form.control}
          label={t('transaction.price')}
          min={1}
          error={errors.price?.message}
        />
        <QuantityField
          name="quantity"
          control={form.control}
          unit={data.products.find((p) => p.productCode === productCode)?.unit}
          error={errors.quantity?.message}
        />
      </SimpleGrid>
      <Checkbox label={t('transaction.attendance')} {...form.register('attendance')} />
      <SubmitButton busy={isSubmitting} done={update.isSuccess} busyText={t('records.updating')}>
        {t('transaction.updateButton')}
      </SubmitButton>
    </FormStack>
  );
}
