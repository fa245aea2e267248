import { type Combination, canonicalDays, combinationAddBody, DAY_NAMES } from '@dairy/contract';
import { Alert, Button, Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { useDelayedRedirect } from '../../components/use-redirect';
import { errorMessage } from '../../lib/api';
import { contractResolver } from '../../lib/forms';
import { paths } from '../../lib/paths';
import { useAddCombination, useCombination, useUpdateCombination } from './api';

type DaysFormValues = { days: string[] };

/** The 10 day checkboxes; both forms check 'at least one day' with the add call's schema. */
function useDaysForm(days: string[]) {
  return useForm<DaysFormValues>({
    resolver: contractResolver(combinationAddBody, (t) => t),
    defaultValues: { days },
  });
}

function DaysField({ form }: { form: ReturnType<typeof useDaysForm> }) {
  return (
    <Controller
      name="days"
      control={form.control}
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
  const form = useDaysForm([]);
  const [failed, setFailed] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setFailed(false);
    try {
      await add.mutateAsync({ days: values.days });
      notify.success('Successfully added the Combinations.');
      redirect(paths.combinations);
    } catch (error) {
      notify.error('Unable to add the Combinations.', errorMessage(error, 'Please try again.'));
      setFailed(true);
    }
  });
  return (
    <PageCard title="Add Combination">
      <form onSubmit={submit} noValidate>
        <Stack maw={720}>
          <DaysField form={form} />
          {failed && (
            <Alert color="red" role="alert">
              Failed to add combinations. Please try again.
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
  return (
    <PageCard title="Update Combination">
      <QueryState query={combination}>
        {combination.data && <UpdateCombinationForm combination={combination.data} />}
      </QueryState>
    </PageCard>
  );
}

function UpdateCombinationForm({ combination }: { combination: Combination }) {
  const update = useUpdateCombination();
  const redirect = useDelayedRedirect();
  const form = useDaysForm(combination.combinationDays.split(', ').filter((d) => d !== ''));
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: combination.combinationId, days: canonicalDays(values.days) });
      notify.success('Combinations Update Successfully.');
      redirect(paths.combinations);
    } catch (error) {
      notify.error('Unable to update the Combinations.', errorMessage(error, 'Please try again.'));
    }
  });
  const { isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={720}>
        <DaysField form={form} />
        <Button type="submit" disabled={isSubmitting || update.isSuccess} w="fit-content">
          {isSubmitting ? 'Updating...' : 'Update Combination'}
        </Button>
      </Stack>
    </form>
  );
}
