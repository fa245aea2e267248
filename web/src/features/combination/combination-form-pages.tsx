import {
  type Combination,
  canonicalDays,
  combinationAddBody,
  combinationTexts,
  combinationUpdateBody,
  DAY_NAMES,
} from '@dairy/contract';
import { Alert, Button, Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { isStaleRecord, StaleRecordAlert } from '../../components/stale-record';
import { useDelayedRedirect } from '../../components/use-redirect';
import { contractResolver } from '../../lib/forms';
import { paths } from '../../lib/paths';
import { useAddCombination, useCombination, useUpdateCombination } from './api';

type DaysFormValues = { days: string[]; id?: number; version?: number };

/** The texts of the spec end with a full stop: a reason given with them follows as a sentence. */
const withReason = (failed: string) => (reason: string) => `${failed} ${reason}`;

/** The 10 day checkboxes; 'at least one day' comes from the call's schema. */
function DaysField({ control }: { control: Control<DaysFormValues> }) {
  return (
    <Controller
      name="days"
      control={control}
      render={({ field, fieldState }) => (
        <Checkbox.Group label="Days" value={field.value} onChange={field.onChange} error={fieldState.error?.message}>
          <SimpleGrid cols={{ base: 2, sm: 5 }} my="xs">
            {DAY_NAMES.map((day) => (
              <Checkbox key={day} value={day} label={day} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
    />
  );
}

export function AddCombinationPage() {
  const add = useAddCombination();
  const redirect = useDelayedRedirect();
  const form = useForm<DaysFormValues>({
    resolver: contractResolver(combinationAddBody, (t) => t),
    defaultValues: { days: [] },
  });
  const [failed, setFailed] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setFailed(false);
    try {
      await add.mutateAsync({ days: values.days });
      notify.success(combinationTexts.added);
      redirect(paths.combinations);
    } catch (error) {
      notify.failure(error, combinationTexts.addFailed, withReason(combinationTexts.addFailed));
      setFailed(true);
    }
  });
  return (
    <PageCard title="Add Combination">
      <form onSubmit={submit} noValidate>
        <Stack maw={720}>
          <DaysField control={form.control} />
          {failed && (
            <Alert color="red" role="alert">
              {combinationTexts.addFailedInline}
            </Alert>
          )}
          <Button type="submit" disabled={form.formState.isSubmitting || add.isSuccess} w="fit-content">
            Add Combination
          </Button>
        </Stack>
      </form>
    </PageCard>
  );
}

export function UpdateCombinationPage() {
  const { id = '' } = useParams();
  const combination = useCombination(id);
  const [reloads, setReloads] = useState(0);
  const reload = async () => {
    await combination.refetch();
    setReloads((n) => n + 1);
  };
  return (
    <PageCard title="Update Combination">
      <QueryState query={combination}>
        {combination.data && (
          // Reload starts the form again from the combination as it is now.
          <UpdateCombinationForm key={reloads} combination={combination.data} reload={reload} />
        )}
      </QueryState>
    </PageCard>
  );
}

function UpdateCombinationForm({ combination, reload }: { combination: Combination; reload: () => void }) {
  const update = useUpdateCombination();
  const redirect = useDelayedRedirect();
  const [stale, setStale] = useState(false);
  const form = useForm<DaysFormValues>({
    resolver: contractResolver(combinationUpdateBody, (t) => t),
    // The version read when the form opened: a save from this copy must not undo a later change.
    defaultValues: {
      id: combination.combinationId,
      days: combination.combinationDays.split(', ').filter((d) => d !== ''),
      version: combination.version,
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        id: combination.combinationId,
        days: canonicalDays(values.days),
        version: values.version,
      });
      notify.success(combinationTexts.updated);
      redirect(paths.combinations);
    } catch (error) {
      setStale(isStaleRecord(error));
      notify.failure(error, combinationTexts.updateFailed, withReason(combinationTexts.updateFailed));
    }
  });
  const { isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={720}>
        {stale && <StaleRecordAlert onReload={reload} />}
        <DaysField control={form.control} />
        <Button type="submit" disabled={isSubmitting || update.isSuccess} w="fit-content">
          {isSubmitting ? 'Updating...' : 'Update Combination'}
        </Button>
      </Stack>
    </form>
  );
}
