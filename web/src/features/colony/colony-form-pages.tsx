import { type Colony, colonyAddBody, colonyTexts, colonyUpdateBody } from '@dairy/contract';
import { Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { MoneyField, moneyFieldValue } from '../../components/money-input';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { ReadOnlyField } from '../../components/read-only-field';
import { isStaleRecord, StaleRecordAlert } from '../../components/stale-record';
import { useDelayedRedirect } from '../../components/use-redirect';
import { contractResolver } from '../../lib/forms';
import { paths } from '../../lib/paths';
import { useAddColony, useColony, useUpdateColony } from './api';

type ColonyFormValues = { code: string; name: string; charges: number | string; version?: number };

/** Name and Service Charges, the same on Add and Update Colony. */
function ColonyFields({ form }: { form: ReturnType<typeof useForm<ColonyFormValues>> }) {
  const { errors } = form.formState;
  return (
    <>
      <TextInput label="Colony Name" {...form.register('name')} error={errors.name?.message} />
      <MoneyField name="charges" control={form.control} label="Service Charges" error={errors.charges?.message} />
    </>
  );
}

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
      await add.mutateAsync({ code: values.code.trim(), name: values.name.trim(), charges: values.charges });
      notify.success(colonyTexts.added);
      redirect(paths.colonies);
    } catch (error) {
      notify.failure(error, colonyTexts.addFailed);
    }
  });
  return (
    <PageCard title="Add Colony">
      <form onSubmit={submit} noValidate>
        <Stack maw={480}>
          <TextInput label="Colony Code" {...form.register('code')} error={errors.code?.message} />
          <ColonyFields form={form} />
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
  const [reloads, setReloads] = useState(0);
  const reload = async () => {
    await colony.refetch();
    setReloads((n) => n + 1);
  };
  return (
    <PageCard title="Update Colony">
      <QueryState query={colony} failure={colonyTexts.loadFailed}>
        {colony.data && (
          // Reload starts the form again from the record as it is now.
          <UpdateColonyForm key={reloads} colony={colony.data} reload={reload} />
        )}
      </QueryState>
    </PageCard>
  );
}

function UpdateColonyForm({ colony, reload }: { colony: Colony; reload: () => void }) {
  const update = useUpdateColony(colony.colonyCode);
  const redirect = useDelayedRedirect();
  const [stale, setStale] = useState(false);
  const form = useForm<ColonyFormValues>({
    resolver: contractResolver(colonyUpdateBody, (t) => t),
    // The version read when the form opened: a save from this copy must not undo a later change.
    defaultValues: {
      code: colony.colonyCode,
      name: colony.colonyName,
      charges: moneyFieldValue(colony.charges),
      version: colony.version,
    },
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        code: colony.colonyCode,
        name: values.name.trim(),
        charges: values.charges,
        version: values.version,
      });
      notify.success(colonyTexts.updated);
      redirect(paths.colonies);
    } catch (error) {
      setStale(isStaleRecord(error));
      notify.failure(error, colonyTexts.updateFailed);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        {stale && <StaleRecordAlert onReload={reload} />}
        <ReadOnlyField label="Colony Code" value={colony.colonyCode} />
        <ColonyFields form={form} />
        <Button type="submit" disabled={isSubmitting || update.isSuccess} w="fit-content">
          {isSubmitting ? 'Updating...' : 'Update Colony'}
        </Button>
      </Stack>
    </form>
  );
}
