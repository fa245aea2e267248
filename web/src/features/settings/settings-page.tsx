import { BILL_NOTE_MAX, type Settings, settingsBody, settingsTexts } from '@dairy/contract';
import { Button, Code, Textarea, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { FormStack } from '../../components/record-form';
import { contractResolver, fieldProps } from '../../lib/forms';
import { useSaveSettings, useSettings } from './api';

/** Settings (/settings): the business's details printed on every bill, and the UPI ID its QR code pays. */
export function SettingsPage() {
  const settings = useSettings();
  const { t } = useTranslation();
  return (
    <PageCard title={t('settings.title')}>
      <QueryState query={settings}>{settings.data && <SettingsForm settings={settings.data} />}</QueryState>
    </PageCard>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const { t } = useTranslation();
  const form = useForm<Settings>({
    mode: 'onChange',
    resolver: contractResolver(settingsBody, (text) => text),
    defaultValues: settings,
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved.settings);
      notify.success(settingsTexts.saved);
    } catch (error) {
      notify.failure(error, settingsTexts.saveFailed);
    }
  });
  return (
    <FormStack onSubmit={submit} maw={560}>
      <TextInput label={t('settings.businessName')} {...fieldProps(form, 'businessName')} />
      <Textarea label={t('common.address')} autosize minRows={2} {...fieldProps(form, 'address')} />
      <TextInput label={t('settings.phone')} {...fieldProps(form, 'phone')} />
      <TextInput
        label={t('settings.upiId')}
        description={<Trans i18nKey="settings.upiIdHelp" components={{ code: <Code /> }} />}
        {...fieldProps(form, 'upiId')}
      />
      <TextInput
        label={t('settings.upiName')}
        description={t('settings.upiNameHelp')}
        {...fieldProps(form, 'upiName')}
      />
      <Textarea
        label={t('settings.billNote')}
        description={t('settings.billNoteHelp', { max: BILL_NOTE_MAX })}
        autosize
        minRows={2}
        {...fieldProps(form, 'billNote')}
      />
      <Button type="submit" disabled={isSubmitting} w="fit-content">
        {isSubmitting ? t('settings.saving') : t('settings.save')}
      </Button>
    </FormStack>
  );
}
