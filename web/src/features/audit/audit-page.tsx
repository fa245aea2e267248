import { type AuditRow, auditEntities, auditTexts, isKnownPhrase, phraseText } from '@dairy/contract';
import { Button, Code, Modal, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { PageCard } from '../../components/page-card';
import { useAppConfig } from '../../lib/config';
import { dayName } from '../../lib/day-names';
import { formatInstant } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useUrlState } from '../../lib/url-state';
import { useAudit, useStaffOptions } from './api';

/** The audit trail (/audit, admins): every change, who made it and when, newest first. */
export function AuditPage() {
  const [filters, setFilters] = useUrlState({ page: '1', userId: null, entity: null, from: null, to: null });
  const page = Number(filters.page) || 1;
  const list = useAudit({ ...filters, page });
  const staff = useStaffOptions();
  const [shown, setShown] = useState<AuditRow | null>(null);
  const { timeZone } = useAppConfig();
  const filter = (next: Partial<typeof filters>) => setFilters({ ...next, page: '1' });
  const { t } = useTranslation();
  const entityOptions = auditEntities.map((e) => ({ value: e, label: t(`audit.entities.${e}`) }));

  const columns: Column<AuditRow>[] = [
    { header: t('audit.when'), cell: (r) => formatInstant(r.at, timeZone) },
    { header: t('audit.user'), cell: (r) => r.username },
    // The action is the call's code ('receipt.add'), written as stored in every language.
    { header: t('audit.action'), cell: (r) => <Code>{r.action}</Code> },
    { header: t('audit.summary'), cell: summaryText },
    {
      header: t('audit.details'),
      cell: (r) =>
        r.before === null && r.after === null ? null : (
          <Button size="xs" variant="light" onClick={() => setShown(r)}>
            {t('audit.view')}
          </Button>
        ),
    },
  ];

  return (
    <PageCard title={t('audit.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mb="md">
        <Select
          label={t('audit.user')}
          placeholder={t('audit.allUsers')}
          clearable
          searchable
          data={(staff.data?.rows ?? []).map((u) => ({ value: String(u.userId), label: u.username }))}
          value={filters.userId}
          onChange={(value) => filter({ userId: value })}
        />
        <Select
          label={t('audit.record')}
          placeholder={t('audit.allRecords')}
          clearable
          data={entityOptions}
          value={filters.entity}
          onChange={(value) => filter({ entity: value })}
        />
        <DateField clearable label={t('audit.from')} value={filters.from} onChange={(from) => filter({ from })} />
        <DateField clearable label={t('audit.to')} value={filters.to} onChange={(to) => filter({ to })} />
      </SimpleGrid>
      <DataTable
        query={list}
        failure={auditTexts.loadFailed}
        rows={list.data?.rows ?? []}
        rowKey={(r) => r.auditId}
        columns={columns}
        empty={t('audit.empty')}
        minWidth={800}
        paging={{
          page,
          totalPages: list.data?.totalPages ?? 0,
          onChange: (p) => setFilters({ page: String(p) }),
          collapse: true,
        }}
      />
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={shown && summaryText(shown)} size="lg">
        {shown && (
          <Stack>
            <Text size="sm">
              {t('audit.detail', {
                user: shown.username,
                when: formatInstant(shown.at, timeZone),
                action: shown.action,
                record: shown.entityId
                  ? ` (${t(`audit.entities.${shown.entity}`, { defaultValue: shown.entity })} ${shown.entityId})`
                  : '',
              })}
            </Text>
            <Snapshot title={t('audit.before')} value={shown.before} />
            <Snapshot title={t('audit.after')} value={shown.after} />
          </Stack>
        )}
      </Modal>
    </PageCard>
  );
}

/**
 * A row's summary in the language shown, from the phrase the server kept (docs/rules.md section
 * 21); rows written before phrases were kept show their English summary.
 */
function summaryText(row: AuditRow): string {
  const phrase = row.phrase;
  if (!phrase || !isKnownPhrase(phrase)) return row.summary;
  return phraseText(currentLanguage(), phrase, dayName);
}

function Snapshot({ title, value }: { title: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div>
      <Title order={5} mb={4}>
        {title}
      </Title>
      <Code block>{JSON.stringify(value, null, 2)}</Code>
    </div>
  );
}
