import { reportTexts } from '@dairy/contract';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { QueryState } from '../../components/query-state';
import { translateKnown } from '../../lib/i18n';
import { useDefaultersPreview, useGenerateDefaulters } from './api';
import { NoTransactionTable } from './no-transaction-table';
import { usePeriodFilters } from './period-filters';

export function GenerateDefaultersPage() {
  const { colony, period, ready, filters } = usePeriodFilters();
  const preview = useDefaultersPreview(colony, period);
  const generate = useGenerateDefaulters();
  const records = preview.data?.data ?? [];
  const { t } = useTranslation();
  const create = async () => {
    if (!colony || !period) return;
    try {
      await generate.mutateAsync({ colony, ...period });
      notify.success(reportTexts.defaultersCreated);
    } catch (error) {
      notify.failure(error, reportTexts.defaultersFailed);
    }
  };
  return (
    <PageCard title={t('report.defaultersTitle')}>
      {filters}
      {!ready ? (
        <Text>{translateKnown(reportTexts.selectFilters)}</Text>
      ) : (
        <QueryState query={preview}>
          <NoTransactionTable records={records} />
          {records.length > 0 && (
            <Group mt="md">
              <Button onClick={create} loading={generate.isPending}>
                {t('report.create')}
              </Button>
            </Group>
          )}
        </QueryState>
      )}
    </PageCard>
  );
}
