import { type Colony, colonyAddBody, colonyUpdateBody } from '@dairy/contract';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { MoneyField } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { ReadOnlyField } from '../../components/read-only-field';
import { useDelayedRedirect } from '../../components/use-redirect';
import { errorMessage } from '../../lib/api';
import { contractResolver } from '../../lib/forms';
import { paths } from '../../lib/paths';
import { useAddColony, useColony, useUpdateColony } from './api';

type ColonyFormValues = { code: string; name: string; charges: number | string };

export function AddColonyPage() {
  const add = useAddColony();
  const redirect = useDelayedRedirect();
  const form = useForm<ColonyFormValues>({
    mode: 'onChange',
    resolver: contractResolver(colonyAddBody, (t) => t),
    defaultValues: { code: '', name: '', charges: '' },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ code: values.code.trim(), name: values.name.trim(), charges: String(values.charges) });
      notify.success('Colony added successfully!');
      redirect(paths.colonies);
    } catch (error) {
      notify.error('Unable to Add!', errorMessage(error, 'Unable to Add!'));
    }
  });
  return (
    <PageCard title="Add Colony">
      <form onSubmit={submit} noValidate>
        <Stack maw={480}>
          <TextInput label="Colony Code" {...form.register('code')} error={errors.code?.message} />
          <TextInput label="Colony Name" {...form.register('name')} error={errors.name?.message} />
          <MoneyField
            name="charges"
            control={form.control}
            label="Service Charges"
            min={0}
            error={errors.charges?.message}
          />
          <Button type="submit" disabled={!isValid || isSubmitting || add.isSuccess} w="fit-content">
            Add Colony
          </Button>
        </Stack>
      </form>
    </PageCard>
  );
}

export function UpdateColonyPage() {
  const { code = '' } = useParams();
  const colony = useColony(code);
  return (
    <PageCard title="Update Colony">
      <QueryState query={colony} failure="Error fetching colony data. Please try again later.">
        {colony.data && <UpdateColonyForm colony={colony.data} />}
      </QueryState>
    </PageCard>
  );
}

function UpdateColonyForm({ colony }: { colony: Colony }) {
  const update = useUpdateColony(colony.colonyCode);
  const redirect = useDelayedRedirect();
  const form = useForm<ColonyFormValues>({
    resolver: contractResolver(colonyUpdateBody, (t) => t),
    defaultValues: { code: colony.colonyCode, name: colony.colonyName, charges: colony.charges },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ code: colony.colonyCode, name: values.name.trim(), charges: String(values.charges) });
      notify.success('Colony updated successfully!');
      redirect(paths.colonies);
    } catch (error) {
      notify.error(errorMessage(error, 'Error updating colony'));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <ReadOnlyField label="Colony Code" value={colony.colonyCode} />
        <TextInput label="Colony Name" {...form.register('name')} error={errors.name?.message} />
        <MoneyField
          name="charges"
          control={form.control}
          label="Service Charges"
          min={0}
          error={errors.charges?.message}
        />
        <Button type="submit" disabled={isSubmitting || update.isSuccess} w="fit-content">
          {isSubmitting ? 'Updating...' : 'Update Colony'}
        </Button>
      </Stack>
    </form>
  );
}
