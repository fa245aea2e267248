import { type ColonyOption, type Customer, customerAddBody, customerTexts, customerUpdateBody } from '@dairy/contract';
import { Button, Checkbox, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { type Control, Controller, type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { MoneyField } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { useDelayedRedirect } from '../../components/use-redirect';
import { errorMessage } from '../../lib/api';
import { contractResolver } from '../../lib/forms';
import { paths } from '../../lib/paths';
import { useAddCustomer, useCustomerAddForm, useCustomerForUpdate, useUpdateCustomer } from './api';

type CustomerFormValues = {
  name: string;
  contactNumber: string;
  address: string;
  colony: string;
  route: number | string;
  due: number | string;
  defaulter: boolean;
};

const same = (text: string) => text;

/** Name, contact number, address, colony and route: the fields both forms share. */
function CustomerFields({
  control,
  register,
  errors,
  colonies,
}: {
  control: Control<CustomerFormValues>;
  register: UseFormRegister<CustomerFormValues>;
  errors: FieldErrors<CustomerFormValues>;
  colonies: ColonyOption[];
}) {
  return (
    <>
      <TextInput label="Name" {...register('name')} error={errors.name?.message} />
      <TextInput
        label="Contact Number"
        type="tel"
        {...register('contactNumber')}
        error={errors.contactNumber?.message}
      />
      <TextInput label="Address" {...register('address')} error={errors.address?.message} />
      <Controller
        name="colony"
        control={control}
        render={({ field }) => (
          <Select
            label="Colony"
            placeholder="Select Colony"
            searchable
            data={colonies.map((c) => ({ value: c.colonyCode, label: c.colonyName }))}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={errors.colony?.message}
          />
        )}
      />
      <Controller
        name="route"
        control={control}
        render={({ field }) => (
          <NumberInput
            label="Route"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            error={errors.route?.message}
          />
        )}
      />
    </>
  );
}

const trimmed = (values: CustomerFormValues) => ({
  name: values.name.trim(),
  contactNumber: values.contactNumber.trim(),
  address: values.address.trim(),
  colony: values.colony,
  route: values.route,
});

export function AddCustomerPage() {
  const formData = useCustomerAddForm();
  const add = useAddCustomer();
  const redirect = useDelayedRedirect();
  const form = useForm<CustomerFormValues>({
    resolver: contractResolver(customerAddBody, same),
    defaultValues: { name: '', contactNumber: '', address: '', colony: '', route: '', due: 0, defaulter: false },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      // A new customer has paid nothing yet; `due` is what was owed before this system.
      await add.mutateAsync({ ...trimmed(values), paid: 0, due: values.due === '' ? 0 : values.due });
      notify.success(customerTexts.added);
      redirect(paths.customers);
    } catch (error) {
      notify.error('Something went wrong.', errorMessage(error, 'Something went wrong.'));
    }
  });
  return (
    <PageCard title="Add User">
      <form onSubmit={submit} noValidate>
        <Stack maw={480}>
          <CustomerFields
            control={form.control}
            register={form.register}
            errors={errors}
            colonies={formData.data?.rows ?? []}
          />
          <MoneyField
            name="due"
            control={form.control}
            label="Opening Balance"
            description="What the customer owed before (negative for an advance)"
            allowNegative
            error={errors.due?.message}
          />
          <Button type="submit" disabled={isSubmitting || add.isSuccess} w="fit-content">
            Add User
          </Button>
        </Stack>
      </form>
    </PageCard>
  );
}

export function UpdateCustomerPage() {
  const { id = '' } = useParams();
  const loaded = useCustomerForUpdate(id);
  return (
    <PageCard title="Update User">
      <QueryState query={loaded}>
        {loaded.data && <UpdateCustomerForm customer={loaded.data.data} colonies={loaded.data.colonies} />}
      </QueryState>
    </PageCard>
  );
}

function UpdateCustomerForm({ customer, colonies }: { customer: Customer; colonies: ColonyOption[] }) {
  const update = useUpdateCustomer();
  const redirect = useDelayedRedirect();
  const form = useForm<CustomerFormValues>({
    resolver: contractResolver(customerUpdateBody.omit({ id: true }), same),
    defaultValues: {
      name: customer.customerName,
      contactNumber: customer.contactNumber,
      address: customer.address,
      colony: customer.colonyCode,
      route: customer.route,
      due: customer.due,
      defaulter: customer.defaulter === 1,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      // The spec's call carries paid and due; the server ignores them (they are derived).
      await update.mutateAsync({
        id: customer.customerId,
        ...trimmed(values),
        paid: customer.paid,
        due: customer.due,
        defaulter: values.defaulter ? 1 : 0,
      });
      notify.success(customerTexts.updated);
      redirect(paths.customers);
    } catch (error) {
      notify.error('Something Went Wrong.', errorMessage(error, 'Something Went Wrong.'));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <input type="hidden" name="id" value={customer.customerId} />
        <CustomerFields control={form.control} register={form.register} errors={errors} colonies={colonies} />
        <Checkbox label="Defaulter" {...form.register('defaulter')} />
        <Button type="submit" disabled={isSubmitting || update.isSuccess} w="fit-content">
          {isSubmitting ? 'Updating...' : 'Update User'}
        </Button>
      </Stack>
    </form>
  );
}
