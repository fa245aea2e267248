import { BILL_NOTE_MAX, type Settings, settingsBody, settingsTexts } from '@dairy/contract';
import { Button, Textarea, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { FormStack } from '../../components/record-form';
import { contractResolver, fieldProps } from '../../lib/forms';
import { useSaveSettings, useSettings } from './api';

/** Settings (/settings): the business's details printed on every bill, and the UPI ID its QR code pays. */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <PageCard title="Settings">
      <QueryState query={settings}>{settings.data && <SettingsForm settings={settings.data} />}</QueryState>
    </PageCard>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const form = useForm<Settings>({
    mode: 'onChange',
    resolver: contractResolver(settingsBody, (t) => t),
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
      <TextInput label="Business Name" {...fieldProps(form, 'businessName')} />
      <Textarea label="Address" autosize minRows={2} {...fieldProps(form, 'address')} />
      <TextInput label="Phone" {...fieldProps(form, 'phone')} />
      <TextInput
        label="UPI ID"
        description="Bills carry a QR code that pays this UPI ID, e.g. dairy@okhdfcbank."
        {...fieldProps(form, 'upiId')}
      />
      <TextInput
        label="UPI Payee Name"
        description="The name a customer's UPI app shows."
        {...fieldProps(form, 'upiName')}
      />
      <Textarea
        label="Bill Note"
        description={`Printed at the foot of every bill (at most ${BILL_NOTE_MAX} characters).`}
        autosize
        minRows={2}
        {...fieldProps(form, 'billNote')}
      />
      <Button type="submit" disabled={isSubmitting} w="fit-content">
        {isSubmitting ? 'Saving...' : 'Save Settings'}
      </Button>
    </FormStack>
  );
}
