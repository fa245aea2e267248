import { type GenerateTransactionsResponse, transactionTexts } from '@dairy/contract';
import { Alert, Button, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { ColonySelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { useDelayedRedirect } from '../../components/use-redirect';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useGenerateFormData, useGenerateTransactions } from './api';

export function GenerateTransactionsPage() {
  const formData = useGenerateFormData();
  return (
    <PageCard title="Generate Transactions">
      <QueryState query={formData}>{formData.data && <GenerateForm today={formData.data.today} />}</QueryState>
    </PageCard>
  );
}

function GenerateForm({ today }: { today: string }) {
  const [colony, setColony] = useState<string | null>(null);
  const [date, setDate] = useState(today);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<GenerateTransactionsResponse | null>(null);
  const generate = useGenerateTransactions();
  const redirect = useDelayedRedirect();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!colony || !date) {
      setProblem(transactionTexts.generateRequired);
      return;
    }
    setProblem(null);
    try {
      const response = await generate.mutateAsync({ colony, date });
      if (response.existingUsers.length > 0) {
        notify.warning('Transactions already exists.');
        setResult(response);
      } else {
        notify.success('Successfully Generate Transactions.');
        redirect(paths.transactions);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status > 0) {
        notify.error('Unable to Generate Transactions.', error.message);
      } else {
        setProblem('Failed to generate transactions. Please try again.');
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <ColonySelect activeOnly value={colony} onChange={setColony} />
        <TextInput type="date" label="Date" value={date} onChange={(e) => setDate(e.currentTarget.value)} />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Button type="submit" loading={generate.isPending} disabled={generate.isSuccess} w="fit-content">
          Generate
        </Button>
      </Stack>
      <Modal
        opened={result !== null}
        onClose={() => {
          setResult(null);
          redirect(paths.transactions);
        }}
        title="Transactions already exist"
      >
        <Text size="sm" mb="xs">
          {result?.created ?? 0} new transactions were created. These customers already had transactions on{' '}
          {formatDate(date)}:
        </Text>
        <List size="sm" spacing={2} mah={360} style={{ overflowY: 'auto' }}>
          {result?.existingUsers.map((u) => (
            <List.Item key={u.customerId}>{u.customerName}</List.Item>
          ))}
        </List>
        <Button
          mt="md"
          onClick={() => {
            setResult(null);
            redirect(paths.transactions);
          }}
        >
          OK
        </Button>
      </Modal>
    </form>
  );
}
