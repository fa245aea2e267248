import { consumptionAddBody, consumptionTexts, consumptionUpdateBody, type DayOption } from '@dairy/contract';
import { Button, Checkbox, Select, Stack } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { ReadOnlyField } from '../../components/read-only-field';
import { useDelayedRedirect } from '../../components/use-redirect';
import { errorMessage } from '../../lib/api';
import { useLabel } from '../../lib/config';
import { formatRupees } from '../../lib/format';
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
  days.map((d) => ({ value: String(d.id), label: `${d.name} (${formatRupees(d.price)})` }));

type AddValues = { colonyId: string; customerId: string; productId: string; day: string };

export function AddConsumptionPage() {
  const label = useLabel();
  const formData = useConsumptionAddForm();
  const add = useAddConsumption();
  const redirect = useDelayedRedirect();
  const form = useForm<AddValues>({
    resolver: contractResolver(consumptionAddBody, label),
    defaultValues: { colonyId: '', customerId: '', productId: '', day: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [colonyId, productId] = form.watch(['colonyId', 'productId']);
  const customers = useCustomersOfColony(colonyId);
  const days = useDaysOfProduct(productId);
  const data = formData.data?.data;

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      notify.success(consumptionTexts.added);
      redirect(paths.consumptions);
    } catch (error) {
      notify.error(`Submission failed: ${errorMessage(error, 'no answer from the server')}`);
    }
  });

  const revalidate = { shouldValidate: form.formState.isSubmitted };
  return (
    <PageCard title="Add Consumption">
      <form onSubmit={submit} noValidate>
        <Stack maw={480}>
          <Controller
            name="colonyId"
            control={form.control}
            render={({ field }) => (
              <Select
                label="Colony"
                placeholder="Select Colony"
                searchable
                data={(data?.colonies ?? []).map((c) => ({ value: c.colonyCode, label: c.colonyName }))}
                value={field.value || null}
                onChange={(value) => {
                  field.onChange(value ?? '');
                  // A customer belongs to one colony: a new colony clears the customer.
                  form.setValue('customerId', '', revalidate);
                }}
                error={errors.colonyId?.message}
              />
            )}
          />
          <Controller
            name="customerId"
            control={form.control}
            render={({ field }) => (
              <Select
                label="Customer"
                placeholder="Select Customer"
                searchable
                disabled={!colonyId}
                data={(customers.data?.data ?? []).map((c) => ({ value: String(c.customerId), label: c.customerName }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={errors.customerId?.message}
              />
            )}
          />
          <Controller
            name="productId"
            control={form.control}
            render={({ field }) => (
              <Select
                label={label('{product}')}
                placeholder={label('Select {product}')}
                searchable
                data={(data?.products ?? []).map((p) => ({ value: p.productCode, label: p.productName }))}
                value={field.value || null}
                onChange={(value) => {
                  field.onChange(value ?? '');
                  // The days depend on the product: a new product clears them.
                  form.setValue('day', '', revalidate);
                }}
                error={errors.productId?.message}
              />
            )}
          />
          <Controller
            name="day"
            control={form.control}
            render={({ field }) => (
              <Select
                label="Days"
                placeholder="Select Days"
                disabled={!productId}
                data={dayChoices(days.data?.data ?? [])}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={errors.day?.message}
              />
            )}
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
  return (
    <PageCard title="Update Consumption">
      <QueryState query={loaded}>{loaded.data && <UpdateConsumptionForm loaded={loaded.data} />}</QueryState>
    </PageCard>
  );
}

type UpdateValues = { colonyCode: string; productId: string; combinationId: string; isActive: boolean };

function UpdateConsumptionForm({
  loaded,
}: {
  loaded: NonNullable<ReturnType<typeof useConsumptionForUpdate>['data']>;
}) {
  const label = useLabel();
  const { consumption, dropdownData } = loaded;
  const update = useUpdateConsumption();
  const redirect = useDelayedRedirect();
  const form = useForm<UpdateValues>({
    resolver: contractResolver(consumptionUpdateBody.omit({ id: true }), label),
    defaultValues: {
      colonyCode: consumption.colonyCode,
      productId: consumption.product.productCode,
      combinationId: String(consumption.combinationId),
      isActive: consumption.isActive === 1,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const productId = form.watch('productId');
  const ownCode = productId === consumption.product.productCode;
  const fetched = useDaysOfProduct(ownCode ? '' : productId);
  // The consumption's own code keeps its own row even if that row was disabled since.
  const days = ownCode ? dropdownData.days : (fetched.data?.data ?? []);

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        id: consumption.consumptionId,
        colonyCode: consumption.colonyCode,
        customerId: consumption.customerId,
        productId: values.productId,
        combinationId: values.combinationId,
        isActive: values.isActive ? 1 : 0,
      });
      notify.success(consumptionTexts.updated);
      redirect(paths.consumptions);
    } catch (error) {
      notify.error(`Submission failed: ${errorMessage(error, 'no answer from the server')}`);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <ReadOnlyField label="Colony" value={consumption.colony?.colonyName ?? consumption.colonyCode} />
        <ReadOnlyField label="Customer" value={consumption.customer.customerName} />
        <Controller
          name="productId"
          control={form.control}
          render={({ field }) => (
            <Select
              label={label('{product}')}
              placeholder={label('Select {product}')}
              searchable
              data={dropdownData.products.map((p) => ({ value: p.productCode, label: p.productName }))}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value ?? '');
                form.setValue('combinationId', '', { shouldValidate: form.formState.isSubmitted });
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
              disabled={!productId}
              data={dayChoices(days)}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              error={errors.combinationId?.message}
            />
          )}
        />
        <Checkbox label="Active" {...form.register('isActive')} />
        <Button type="submit" disabled={isSubmitting || update.isSuccess} w="fit-content">
          {isSubmitting ? 'Updating...' : 'Update Consumption'}
        </Button>
      </Stack>
    </form>
  );
}
