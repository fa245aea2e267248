import {
  formatDate,
  type GenerateTransactionsResponse,
  generateTransactionsBody,
  transactionTexts,
} from '@dairy/contract';
import { Alert, Button, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmGenerationDate } from '../../components/date-field';
import { FormDateField } from '../../components/form-date-field';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { ColonySelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { useDelayedRedirect } from '../../components/use-redirect';
import { contractResolver } from '../../lib/forms';
import { translateKnown } from '../../lib/i18n';
import { useGenerateFormData, useGenerateTransactions } from './api';
import { listOfColonyOn } from './transaction-list-page';

export function GenerateTransactionsPage() {
  const formData = useGenerateFormData();
  const { t } = useTranslation();
  return (
    <PageCard title={t('transaction.generateTitle')}>
      <QueryState query={formData}>{formData.data && <GenerateForm today={formData.data.today} />}</QueryState>
    </PageCard>
  );
}

type Values = { colony: string | null; date: string };

function GenerateForm({ today }: { today: string }) {
  const form = useForm<Values>({
    resolver: contractResolver(generateTransactionsBody, (t) => t),
    defaultValues: { colony: null, date: today },
  });
  const { errors } = form.formState;
  const [result, setResult] = useState<{ response: GenerateTransactionsResponse; date: string } | null>(null);
  const generate = useGenerateTransactions();
  const redirect = useDelayedRedirect();
  const { t } = useTranslation();

  const submit = form.handleSubmit(({ colony, date }) => {
    if (colony) return confirmGenerationDate(date, today, () => run(colony, date));
  });

  const run = async (colony: string, date: string) => {
    try {
      const response = await generate.mutateAsync({ colony, date });
      // The list opens on what was just generated.
      const list = listOfColonyOn(colony, date);
      if (response.existingUsers.length > 0) {
        notify.warning(transactionTexts.alreadyGenerated);
        setResult({ response, date });
      } else {
        notify.success(transactionTexts.generated);
        notify.success(t('transaction.created', { count: response.created }));
        redirect(list);
      }
    } catch (error) {
      notify.failure(error, transactionTexts.generateFailed, () => transactionTexts.generateNoAnswer);
    }
  };

  const closeResult = () => {
    const colony = form.getValues('colony');
    if (result && colony) redirect(listOfColonyOn(colony, result.date));
    setResult(null);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <Controller
          name="colony"
          control={form.control}
          render={({ field }) => <ColonySelect activeOnly value={field.value} onChange={field.onChange} />}
        />
        <FormDateField name="date" control={form.control} label={t('common.date')} />
        {(errors.colony || errors.date) && (
          <Alert color="red" role="alert">
            {translateKnown(transactionTexts.generateRequired)}
          </Alert>
        )}
        <Button type="submit" loading={generate.isPending} disabled={generate.isSuccess} w="fit-content">
          {t('transaction.generate')}
        </Button>
      </Stack>
      <Modal opened={result !== null} onClose={closeResult} title={t('transaction.existTitle')}>
        <Text size="sm" mb="xs">
          {t('transaction.existText', {
            created: result?.response.created ?? 0,
            date: result ? formatDate(result.date) : '',
          })}
        </Text>
        <List size="sm" spacing={2} mah={360} style={{ overflowY: 'auto' }}>
          {result?.response.existingUsers.map((u) => (
            <List.Item key={u.customerId}>{u.customerName}</List.Item>
          ))}
        </List>
        <Button mt="md" onClick={closeResult}>
          {t('transaction.ok')}
        </Button>
      </Modal>
    </form>
  );
}
