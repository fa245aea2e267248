import {
  type ConsumptionUpdateGetResponse,
  consumptionAddBody,
  consumptionTexts,
  consumptionUpdateBody,
  type DayOption,
} from '@dairy/contract';
import { Button, Checkbox, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QuantityField, quantityFieldValue } from '../../components/quantity-input';
import { QueryState } from '../../components/query-state';
import { ReadOnlyField } from '../../components/read-only-field';
import { SelectField } from '../../components/select-field';
import { isStaleRecord, StaleRecordAlert } from '../../components/stale-record';
import { useDelayedRedirect } from '../../components/use-redirect';
import { useLabel } from '../../lib/config';
import { formatMoney } from '../../lib/format';
import { contractResolver } from '../../lib/forms';
import { paths } from '../../lib/paths';
import {
  useAddConsumption,
  useConsumptionAddForm,
  useConsumptionForUpdate,
  useCustomersOfColony,
  useDaysOfProduct,
  useUpdateConsumption,
} from './api';

const dayChoices = (days: DayOption[]) =>
  days.map((d) => ({ value: String(d.id), label: `${d.name} (${formatMoney(d.price)})` }));

/** 'Submission failed: {message}', for Add and Update Consumption. */
const submissionFailed = (error: unknown) =>
  notify.failure(error, consumptionTexts.submitFailed, consumptionTexts.submitError);

type AddValues = { colonyId: string; customerId: string; productId: string; day: string; quantity: number | string };

/** The unit of a chosen product code, for the quantity field. */
const unitOf = (products: { productCode: string; unit: string }[], code: string) =>
  products.find((p) => p.productCode === code)?.unit;

export function AddConsumptionPage() {
  const label = useLabel();
  const formData = useConsumptionAddForm();
  const add = useAddConsumption();
  const redirect = useDelayedRedirect();
  const form = useForm<AddValues>({
    resolver: contractResolver(consumptionAddBody, label),
    defaultValues: { colonyId: '', customerId: '', productId: '', day: '', quantity: 1 },
  });
  const { errors, isSubmitting } = form.formState;
  const [colonyId, productId] = form.watch(['colonyId', 'productId']);
  const customers = useCustomersOfColony(colonyId);
  const days = useDaysOfProduct(productId);
  const data = formData.data?.data;
  const revalidate = { shouldValidate: form.formState.isSubmitted };

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      notify.success(consumptionTexts.added);
      redirect(paths.consumptions);
    } catch (error) {
      submissionFailed(error);
    }
  });

  return (
    <PageCard title="Add Consumption">
      <form onSubmit={submit} noValidate>
        <Stack maw={480}>
          <SelectField
            name="colonyId"
            control={form.control}
            label="Colony"
            placeholder="Select Colony"
            data={(data?.colonies ?? []).map((c) => ({ value: c.colonyCode, label: c.colonyName }))}
            // A customer belongs to one colony: a new colony clears the customer.
            onPicked={() => form.setValue('customerId', '', revalidate)}
            error={errors.colonyId?.message}
          />
          <SelectField
            name="customerId"
            control={form.control}
            label="Customer"
            placeholder="Select Customer"
            disabled={!colonyId}
            data={(customers.data ?? []).map((c) => ({ value: String(c.customerId), label: c.customerName }))}
            error={errors.customerId?.message}
          />
          <SelectField
            name="productId"
            control={form.control}
            label={label('{product}')}
            placeholder={label('Select {product}')}
            data={(data?.products ?? []).map((p) => ({ value: p.productCode, label: p.productName }))}
            // The days depend on the product: a new product clears them.
            onPicked={() => form.setValue('day', '', revalidate)}
            error={errors.productId?.message}
          />
          <SelectField
            name="day"
            control={form.control}
            label="Days"
            placeholder="Select Days"
            disabled={!productId}
            data={dayChoices(days.data ?? [])}
            error={errors.day?.message}
          />
          <QuantityField
            name="quantity"
            control={form.control}
            unit={unitOf(data?.products ?? [], productId)}
            description="Delivered each scheduled day"
            error={errors.quantity?.message}
          />
          <Button type="submit" disabled={isSubmitting || add.isSuccess} w="fit-content">
            Add Consumption
          </Button>
        </Stack>
      </form>
    </PageCard>
  );
}

export function UpdateConsumptionPage() {
  const { id = '' } = useParams();
  const loaded = useConsumptionForUpdate(id);
  const [reloads, setReloads] = useState(0);
  const reload = async () => {
    await loaded.refetch();
    setReloads((n) => n + 1);
  };
  return (
    <PageCard title="Update Consumption">
      <QueryState query={loaded}>
        {loaded.data && (
          // Reload starts the form again from the record as it is now.
          <UpdateConsumptionForm key={reloads} loaded={loaded.data} reload={reload} />
        )}
      </QueryState>
    </PageCard>
  );
}

type UpdateValues = {
  colonyCode: string;
  productId: string;
  combinationId: string;
  isActive: boolean;
  quantity: number | string;
  version?: number;
};

function UpdateConsumptionForm({ loaded, reload }: { loaded: ConsumptionUpdateGetResponse; reload: () => void }) {
  const label = useLabel();
  const { consumption, dropdownData } = loaded;
  const update = useUpdateConsumption();
  const redirect = useDelayedRedirect();
  const [stale, setStale] = useState(false);
  const form = useForm<UpdateValues>({
    resolver: contractResolver(consumptionUpdateBody.omit({ id: true }), label),
    // The version read when the form opened: a save from this copy must not undo a later change.
    defaultValues: {
      colonyCode: consumption.colonyCode,
      productId: consumption.product.productCode,
      combinationId: String(consumption.combinationId),
      isActive: consumption.isActive === 1,
      quantity: quantityFieldValue(consumption.quantity),
      version: consumption.version,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const productId = form.watch('productId');
  const ownCode = productId === consumption.product.productCode;
  const fetched = useDaysOfProduct(ownCode ? '' : productId);
  // The consumption's own code keeps its own row even if that row was disabled since.
  const days = ownCode ? dropdownData.days : (fetched.data ?? []);

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        id: consumption.consumptionId,
        colonyCode: consumption.colonyCode,
        customerId: consumption.customerId,
        productId: values.productId,
        combinationId: values.combinationId,
        isActive: values.isActive ? 1 : 0,
        quantity: values.quantity,
        version: values.version,
      });
      notify.success(consumptionTexts.updated);
      redirect(paths.consumptions);
    } catch (error) {
      setStale(isStaleRecord(error));
      submissionFailed(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        {stale && <StaleRecordAlert onReload={reload} />}
        <ReadOnlyField label="Colony" value={consumption.colony?.colonyName ?? consumption.colonyCode} />
        <ReadOnlyField label="Customer" value={consumption.customer.customerName} />
        <SelectField
          name="productId"
          control={form.control}
          label={label('{product}')}
          placeholder={label('Select {product}')}
          clearable
          clearButtonProps={{ 'aria-label': label('Clear {product}') }}
          data={dropdownData.products.map((p) => ({ value: p.productCode, label: p.productName }))}
          // The days depend on the product: a new product clears them.
          onPicked={() => form.setValue('combinationId', '', { shouldValidate: form.formState.isSubmitted })}
          error={errors.productId?.message}
        />
        <SelectField
          name="combinationId"
          control={form.control}
          label="Days"
          placeholder="Select Days"
          disabled={!productId}
          data={dayChoices(days)}
          error={errors.combinationId?.message}
        />
        <QuantityField
          name="quantity"
          control={form.control}
          unit={unitOf(dropdownData.products, productId)}
          description="Delivered each scheduled day"
          error={errors.quantity?.message}
        />
        <Checkbox label="Active" {...form.register('isActive')} />
        <Button type="submit" disabled={isSubmitting || update.isSuccess} w="fit-content">
          {isSubmitting ? 'Updating...' : 'Update Consumption'}
        </Button>
      </Stack>
    </form>
  );
}
