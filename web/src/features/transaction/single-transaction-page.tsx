import { type SingleTransactionBody, singleTransactionBody, transactionTexts } from '@dairy/contract';
import { Alert, Group, Radio, SimpleGrid } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../components/form-date-field';
import { MoneyField, moneyFieldValue } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { ColonySelect, CustomerSelect } from '../../components/pickers';
import { QuantityField } from '../../components/quantity-input';
import { FormStack, SubmitButton } from '../../components/record-form';
import { ProductDaysSelects } from '../../components/select-field';
import { useDelayedRedirect } from '../../components/use-redirect';
import { useBusinessToday, useLabel } from '../../lib/config';
import { contractResolver } from '../../lib/forms';
import { translateKnown } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { dayChoices, productChoices, useAddSingleTransaction, useDayOptions, useTransactionFormData } from './api';

type Values = {
  colony: string | null;
  customerId: string | null;
  productId: string | null;
  days: string | null;
  price: number | string;
  quantity: number | string;
  transactionType: 'single' | 'period';
  fromDate: string;
  toDate: string;
};

const REQUIRED_FIELDS = ['colony', 'customerId', 'productId', 'days', 'price'] as const;

export function SingleTransactionPage() {
  const label = useLabel();
  const { t } = useTranslation();
  const formData = useTransactionFormData();
  const add = useAddSingleTransaction();
  const redirect = useDelayedRedirect();
  const today = useBusinessToday();
  const form = useForm<Values>({
    resolver: contractResolver(singleTransactionBody, label),
    defaultValues: {
      colony: null,
      customerId: null,
      productId: null,
      days: null,
      price: '',
      quantity: 1,
      transactionType: 'single',
      fromDate: today,
      toDate: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [colony, productId, transactionType] = form.watch(['colony', 'productId', 'transactionType']);
  const days = useDayOptions(productId);

  useEffect(() => {
    if (days.isError) notify.error(transactionTexts.daysFailed);
  }, [days.isError]);

  // Picking days starts the price at that row's price; nothing else changes what was typed.
  const pickDays = (dayId: string | null) => {
    const option = days.data?.find((d) => String(d.id) === dayId);
    if (option) form.setValue('price', moneyFieldValue(option.price));
  };

  // The spec shows one alert for the five required choices; dates have their own texts. The
  // form's messages are shown translated, so the alert's is compared as shown.
  const fillAll = label(translateKnown(transactionTexts.singleRequired));
  const missingRequired = REQUIRED_FIELDS.some((f) => errors[f]?.message === fillAll);
  const fieldError = (name: keyof Values) => {
    const message = errors[name]?.message;
    return message && message !== fillAll ? message : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const body = { ...values, toDate: values.transactionType === 'period' ? values.toDate : undefined };
      const result = await add.mutateAsync(body as SingleTransactionBody);
      // Success unless every date already existed: then the warning alone tells what happened.
      if (result.data.length > 0 || result.count === 0) notify.success(transactionTexts.singleGenerated);
      if (result.count > 0) notify.warning(t('transaction.alreadyExist', { n: result.count }));
      redirect(paths.transactions);
    } catch (error) {
      notify.failure(error, transactionTexts.singleFailed);
    }
  });

  const products = formData.data?.data.products ?? [];
  const unit = products.find((p) => p.productCode === productId)?.unit;

  return (
    <PageCard title={t('transaction.singleTitle')}>
      <FormStack onSubmit={submit} maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            name="colony"
            control={form.control}
            render={({ field }) => (
              <ColonySelect
                activeOnly
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  form.setValue('customerId', null);
                }}
                error={fieldError('colony')}
              />
            )}
          />
          <Controller
            name="customerId"
            control={form.control}
            render={({ field }) => (
              <CustomerSelect
                activeOnly
                colonyCode={colony}
                value={field.value}
                onChange={field.onChange}
                error={fieldError('customerId')}
              />
            )}
          />
          <ProductDaysSelects
            form={form}
            cleared={null}
            error={fieldError}
            products={{ name: 'productId', data: productChoices(products), clearable: true }}
            days={{ name: 'days', data: dayChoices(days.data ?? []), onPicked: pickDays }}
          />
          <MoneyField
            name="price"
            control={form.control}
            label={t('transaction.price')}
            min={1}
            error={fieldError('price')}
          />
          <QuantityField name="quantity" control={form.control} unit={unit} error={fieldError('quantity')} />
        </SimpleGrid>
        <Controller
          name="transactionType"
          control={form.control}
          render={({ field }) => (
            <Radio.Group label={t('transaction.transactionType')} value={field.value} onChange={field.onChange}>
              <Group mt="xs">
                <Radio value="single" label={t('transaction.single')} />
                <Radio value="period" label={t('transaction.period')} />
              </Group>
            </Radio.Group>
          )}
        />
        {transactionType === 'single' ? (
          <FormDateField
            name="fromDate"
            control={form.control}
            label={t('common.date')}
            error={fieldError('fromDate')}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FormDateField
              name="fromDate"
              control={form.control}
              label={t('transaction.fromDate')}
              error={fieldError('fromDate')}
            />
            <FormDateField
              name="toDate"
              control={form.control}
              label={t('transaction.toDate')}
              error={fieldError('toDate')}
            />
          </SimpleGrid>
        )}
        {missingRequired && (
          <Alert color="red" role="alert">
            {fillAll}
          </Alert>
        )}
        <SubmitButton busy={isSubmitting} done={add.isSuccess} busyText={t('transaction.generating')}>
          {t('transaction.generateOne')}
        </SubmitButton>
      </FormStack>
    </PageCard>
  );
}
