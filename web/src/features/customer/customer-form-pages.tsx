import {
  type ColonyOption,
  type Customer,
  customerAddBody,
  customerTexts,
  customerUpdateBody,
  money,
} from '@dairy/contract';
import { Button, Checkbox, Divider, Group, NumberInput, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { z } from 'zod';
import { useChangeDialog } from '../../components/delivery-changes/dialog';
import { ChangesTable } from '../../components/delivery-changes/table';
import { MoneyField } from '../../components/money-input';
import { PageCard } from '../../components/page-card';
import { FormStack, SubmitButton, UpdateRecordPage, useSaveAndReturn } from '../../components/record-form';
import { SelectField } from '../../components/select-field';
import { contractResolver, fieldProps } from '../../lib/forms';
import { paths } from '../../lib/paths';
import { useAddCustomer, useCustomerAddForm, useCustomerForUpdate, useUpdateCustomer } from './api';
import { CustomerPagePanel } from './customer-page-panel';

type CustomerFormValues = {
  name: string;
  contactNumber: string;
  address: string;
  colony: string;
  route: number | string;
  due: number | string;
  defaulter: boolean;
  version?: number;
};

const same = (text: string) => text;

/** Name, contact number, address, colony and route: the fields both forms share. */
function CustomerFields({
  form,
  colonies,
}: {
  form: ReturnType<typeof useForm<CustomerFormValues>>;
  colonies: ColonyOption[];
}) {
  const { errors } = form.formState;
  const { t } = useTranslation();
  return (
    <>
      <TextInput label={t('customer.name')} {...fieldProps(form, 'name')} />
      <TextInput label={t('customer.contactNumber')} type="tel" {...fieldProps(form, 'contactNumber')} />
      <TextInput label={t('common.address')} {...fieldProps(form, 'address')} />
      <SelectField
        name="colony"
        control={form.control}
        label={t('picker.colony')}
        placeholder={t('picker.selectColony')}
        data={colonies.map((c) => ({ value: c.colonyCode, label: c.colonyName }))}
        error={errors.colony?.message}
      />
      <Controller
        name="route"
        control={form.control}
        render={({ field }) => (
          // What a person types stays as typed: a route out of range gets its text beside the field.
          <NumberInput
            label={t('common.route')}
            clampBehavior="none"
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
  const { t } = useTranslation();
  const { save } = useSaveAndReturn({
    saved: customerTexts.added,
    failed: customerTexts.failed,
    noAnswer: () => customerTexts.failed,
    list: paths.customers,
  });
  const form = useForm<CustomerFormValues>({
    resolver: contractResolver(customerAddBody, same),
    defaultValues: { name: '', contactNumber: '', address: '', colony: '', route: '', due: 0, defaulter: false },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) =>
    // A new customer has paid nothing yet; `due` is what was owed before this system.
    save(() => add.mutateAsync({ ...trimmed(values), paid: 0, due: values.due === '' ? 0 : values.due })),
  );
  return (
    <PageCard title={t('customer.addTitle')}>
      <FormStack onSubmit={submit} maw={480}>
        <CustomerFields form={form} colonies={formData.data?.rows ?? []} />
        <MoneyField
          name="due"
          control={form.control}
          label={t('customer.openingBalance')}
          description={t('customer.openingBalanceHint')}
          error={errors.due?.message}
        />
        <SubmitButton busy={isSubmitting} done={add.isSuccess}>
          {t('customer.addTitle')}
        </SubmitButton>
      </FormStack>
    </PageCard>
  );
}

export function UpdateCustomerPage() {
  const { id = '' } = useParams();
  const loaded = useCustomerForUpdate(id);
  const { t } = useTranslation();
  return (
    <UpdateRecordPage title={t('customer.updateTitle')} query={loaded}>
      {(record, reload) => (
        <>
          <UpdateCustomerForm customer={record.data} colonies={record.colonies} reload={reload} />
          <CustomerChanges customer={record.data} />
          <Divider my="lg" />
          <CustomerPagePanel customer={record.data} />
        </>
      )}
    </UpdateRecordPage>
  );
}

/** The customer's pauses and changes, past ones too, with the actions of Pauses & Changes. */
function CustomerChanges({ customer }: { customer: Customer }) {
  const [page, setPage] = useState(1);
  const dialog = useChangeDialog({ colonyCode: customer.colonyCode, customer });
  const { t } = useTranslation();
  return (
    <section aria-labelledby="customer-changes">
      <Divider my="lg" />
      <Group justify="space-between" mb="sm">
        <Title order={3} id="customer-changes">
          {t('change.title')}
        </Title>
        <Button variant="light" onClick={dialog.openNew}>
          {t('change.add')}
        </Button>
      </Group>
      <ChangesTable
        query={{ customerId: customer.customerId, activeOn: null, page }}
        onPage={setPage}
        onEdit={dialog.openEdit}
        showCustomer={false}
      />
      {dialog.element}
    </section>
  );
}

function UpdateCustomerForm({
  customer,
  colonies,
  reload,
}: {
  customer: Customer;
  colonies: ColonyOption[];
  reload: () => void;
}) {
  const update = useUpdateCustomer();
  const { t } = useTranslation();
  const { save, staleAlert } = useSaveAndReturn({
    saved: customerTexts.updated,
    failed: customerTexts.updateFailed,
    noAnswer: () => customerTexts.updateFailed,
    list: paths.customers,
    reload,
  });
  const form = useForm<CustomerFormValues>({
    resolver: contractResolver(customerUpdateBody.omit({ id: true }), same),
    // The version read when the form opened: a save from this copy must not undo a later change.
    defaultValues: {
      name: customer.customerName,
      contactNumber: customer.contactNumber,
      address: customer.address,
      colony: customer.colonyCode,
      route: customer.route,
      due: '',
      defaulter: customer.defaulter === 1,
      version: customer.version,
    },
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) =>
    save(() =>
      // The spec's call carries paid and due as read; the server ignores them (they are derived).
      update.mutateAsync({
        id: customer.customerId,
        ...trimmed(values),
        paid: z.encode(money, customer.paid),
        due: z.encode(money, customer.due),
        defaulter: values.defaulter ? 1 : 0,
        version: values.version,
      }),
    ),
  );
  return (
    <FormStack onSubmit={submit} maw={480}>
      {staleAlert}
      <input type="hidden" name="id" value={customer.customerId} />
      <CustomerFields form={form} colonies={colonies} />
      <Checkbox label={t('customer.defaulter')} {...form.register('defaulter')} />
      <SubmitButton busy={isSubmitting} done={update.isSuccess} busyText={t('records.updating')}>
        {t('customer.updateTitle')}
      </SubmitButton>
    </FormStack>
  );
}
