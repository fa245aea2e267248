import { type Colony, colonyAddBody, colonyTexts, colonyUpdateBody } from '@dairy/contract';
import { TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MoneyField, moneyFieldValue } from '../../components/money-input';
import { PageCard } from '../../components/page-card';
import { ReadOnlyField } from '../../components/read-only-field';
import { FormStack, SubmitButton, UpdateRecordPage, useSaveAndReturn } from '../../components/record-form';
import { contractResolver, fieldProps } from '../../lib/forms';
import { paths } from '../../lib/paths';
import { useAddColony, useColony, useUpdateColony } from './api';

type ColonyFormValues = { code: string; name: string; charges: number | string; version?: number };

/** Name and Service Charges, the same on Add and Update Colony. */
function ColonyFields({ form }: { form: ReturnType<typeof useForm<ColonyFormValues>> }) {
  const { errors } = form.formState;
  const { t } = useTranslation();
  return (
    <>
      <TextInput label={t('colony.name')} {...fieldProps(form, 'name')} />
      <MoneyField name="charges" control={form.control} label={t('colony.charges')} error={errors.charges?.message} />
    </>
  );
}

export function AddColonyPage() {
  const add = useAddColony();
  const { t } = useTranslation();
  const { save } = useSaveAndReturn({ saved: colonyTexts.added, failed: colonyTexts.addFailed, list: paths.colonies });
  const form = useForm<ColonyFormValues>({
    mode: 'onChange',
    resolver: contractResolver(colonyAddBody, (t) => t),
    defaultValues: { code: '', name: '', charges: '' },
  });
  const { isValid, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) =>
    save(() => add.mutateAsync({ code: values.code.trim(), name: values.name.trim(), charges: values.charges })),
  );
  return (
    <PageCard title={t('colony.add')}>
      <FormStack onSubmit={submit} maw={480}>
        <TextInput label={t('colony.code')} {...fieldProps(form, 'code')} />
        <ColonyFields form={form} />
        <SubmitButton busy={isSubmitting} done={add.isSuccess} disabled={!isValid}>
          {t('colony.add')}
        </SubmitButton>
      </FormStack>
    </PageCard>
  );
}

export function UpdateColonyPage() {
  const { code = '' } = useParams();
  const colony = useColony(code);
  const { t } = useTranslation();
  return (
    <UpdateRecordPage title={t('colony.update')} query={colony} failure={colonyTexts.loadFailed}>
      {(record, reload) => <UpdateColonyForm colony={record} reload={reload} />}
    </UpdateRecordPage>
  );
}

function UpdateColonyForm({ colony, reload }: { colony: Colony; reload: () => void }) {
  const update = useUpdateColony(colony.colonyCode);
  const { t } = useTranslation();
  const { save, staleAlert } = useSaveAndReturn({
    saved: colonyTexts.updated,
    failed: colonyTexts.updateFailed,
    list: paths.colonies,
    reload,
  });
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
  const submit = form.handleSubmit((values) =>
    save(() =>
      update.mutateAsync({
        code: colony.colonyCode,
        name: values.name.trim(),
        charges: values.charges,
        version: values.version,
      }),
    ),
  );
  return (
    <FormStack onSubmit={submit} maw={480}>
      {staleAlert}
      <ReadOnlyField label={t('colony.code')} value={colony.colonyCode} />
      <ColonyFields form={form} />
      <SubmitButton busy={form.formState.isSubmitting} done={update.isSuccess} busyText={t('records.updating')}>
        {t('colony.update')}
      </SubmitButton>
    </FormStack>
  );
}
