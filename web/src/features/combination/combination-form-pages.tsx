import {
  type Combination,
  canonicalDays,
  combinationAddBody,
  combinationTexts,
  combinationUpdateBody,
  DAY_NAMES,
} from '@dairy/contract';
import { Alert, Checkbox, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageCard } from '../../components/page-card';
import { FormStack, SubmitButton, UpdateRecordPage, useSaveAndReturn } from '../../components/record-form';
import { dayName } from '../../lib/day-names';
import { contractResolver } from '../../lib/forms';
import { translateKnown } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useAddCombination, useCombination, useUpdateCombination } from './api';

type DaysFormValues = { days: string[]; id?: number; version?: number };

/** The texts of the spec end with a full stop: a reason given with them follows as a sentence. */
const withReason = (failed: string) => (reason: string) => `${translateKnown(failed)} ${reason}`;

/** The 10 day checkboxes; 'at least one day' comes from the call's schema. */
function DaysField({ control }: { control: Control<DaysFormValues> }) {
  const { t } = useTranslation();
  return (
    <Controller
      name="days"
      control={control}
      render={({ field, fieldState }) => (
        <Checkbox.Group
          label={t('records.days')}
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
        >
          <SimpleGrid cols={{ base: 2, sm: 5 }} my="xs">
            {DAY_NAMES.map((day) => (
              <Checkbox key={day} value={day} label={dayName(day)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
    />
  );
}

export function AddCombinationPage() {
  const add = useAddCombination();
  const { t } = useTranslation();
  const { save } = useSaveAndReturn({
    saved: combinationTexts.added,
    failed: combinationTexts.addFailed,
    noAnswer: withReason(combinationTexts.addFailed),
    list: paths.combinations,
  });
  const form = useForm<DaysFormValues>({
    resolver: contractResolver(combinationAddBody, (t) => t),
    defaultValues: { days: [] },
  });
  const [failed, setFailed] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setFailed(false);
    setFailed(!(await save(() => add.mutateAsync({ days: values.days }))));
  });
  return (
    <PageCard title={t('combination.add')}>
      <FormStack onSubmit={submit} maw={720}>
        <DaysField control={form.control} />
        {failed && (
          <Alert color="red" role="alert">
            {translateKnown(combinationTexts.addFailedInline)}
          </Alert>
        )}
        <SubmitButton busy={form.formState.isSubmitting} done={add.isSuccess}>
          {t('combination.add')}
        </SubmitButton>
      </FormStack>
    </PageCard>
  );
}

export function UpdateCombinationPage() {
  const { id = '' } = useParams();
  const combination = useCombination(id);
  const { t } = useTranslation();
  return (
    <UpdateRecordPage title={t('combination.update')} query={combination}>
      {(record, reload) => <UpdateCombinationForm combination={record} reload={reload} />}
    </UpdateRecordPage>
  );
}

function UpdateCombinationForm({ combination, reload }: { combination: Combination; reload: () => void }) {
  const update = useUpdateCombination();
  const { t } = useTranslation();
  const { save, staleAlert } = useSaveAndReturn({
    saved: combinationTexts.updated,
    failed: combinationTexts.updateFailed,
    noAnswer: withReason(combinationTexts.updateFailed),
    list: paths.combinations,
    reload,
  });
  const form = useForm<DaysFormValues>({
    resolver: contractResolver(combinationUpdateBody, (t) => t),
    // The version read when the form opened: a save from this copy must not undo a later change.
    defaultValues: {
      id: combination.combinationId,
      days: combination.combinationDays.split(', ').filter((d) => d !== ''),
      version: combination.version,
    },
  });
  const submit = form.handleSubmit((values) =>
    save(() =>
      update.mutateAsync({ id: combination.combinationId, days: canonicalDays(values.days), version: values.version }),
    ),
  );
  return (
    <FormStack onSubmit={submit} maw={720}>
      {staleAlert}
      <DaysField control={form.control} />
      <SubmitButton busy={form.formState.isSubmitting} done={update.isSuccess} busyText={t('records.updating')}>
        {t('combination.update')}
      </SubmitButton>
    </FormStack>
  );
}
