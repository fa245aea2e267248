import { type AuditRow, auditEntities, auditTexts } from '@dairy/contract';
import { Button, Code, Modal, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { PageCard } from '../../components/page-card';
import { useAppConfig } from '../../lib/config';
import { formatInstant } from '../../lib/format';
import { useUrlState } from '../../lib/url-state';
import { useAudit, useStaffOptions } from './api';

const entityOptions = auditEntities.map((e) => ({ value: e, label: e[0]!.toUpperCase() + e.slice(1) }));

/** The audit trail (/audit, admins): every change, who made it and when, newest first. */
export function AuditPage() {
  const [filters, setFilters] = useUrlState({ page: '1', userId: null, entity: null, from: null, to: null });
  const page = Number(filters.page) || 1;
  const list = useAudit({ ...filters, page });
  const staff = useStaffOptions();
  const [shown, setShown] = useState<AuditRow | null>(null);
  const { timeZone } = useAppConfig();
  const filter = (next: Partial<typeof filters>) => setFilters({ ...next, page: '1' });

  const columns: Column<AuditRow>[] = [
    { header: 'When', cell: (r) => formatInstant(r.at, timeZone) },
    { header: 'User', cell: (r) => r.username },
    { header: 'Action', cell: (r) => r.action },
    { header: 'Summary', cell: (r) => r.summary },
    {
      header: 'Details',
      cell: (r) =>
        r.before === null && r.after === null ? null : (
          <Button size="xs" variant="light" onClick={() => setShown(r)}>
            View
          </Button>
        ),
    },
  ];

  return (
    <PageCard title="Audit Trail">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mb="md">
        <Select
          label="User"
          placeholder="All users"
          clearable
          searchable
          data={(staff.data?.rows ?? []).map((u) => ({ value: String(u.userId), label: u.username }))}
          value={filters.userId}
          onChange={(value) => filter({ userId: value })}
        />
        <Select
          label="Record"
          placeholder="All records"
          clearable
          data={entityOptions}
          value={filters.entity}
          onChange={(value) => filter({ entity: value })}
        />
        <DateField clearable label="From" value={filters.from} onChange={(from) => filter({ from })} />
        <DateField clearable label="To" value={filters.to} onChange={(to) => filter({ to })} />
      </SimpleGrid>
      <DataTable
        query={list}
        failure={auditTexts.loadFailed}
        rows={list.data?.rows ?? []}
        rowKey={(r) => r.auditId}
        columns={columns}
        empty="No changes recorded"
        minWidth={800}
        paging={{
          page,
          totalPages: list.data?.totalPages ?? 0,
          onChange: (p) => setFilters({ page: String(p) }),
          collapse: true,
        }}
      />
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={shown?.summary} size="lg">
        {shown && (
          <Stack>
            <Text size="sm">
              {shown.username}, {formatInstant(shown.at, timeZone)}: {shown.action}
              {shown.entityId ? ` (${shown.entity} ${shown.entityId})` : ''}. Amounts are in paise.
            </Text>
            <Snapshot title="Before" value={shown.before} />
            <Snapshot title="After" value={shown.after} />
          </Stack>
        )}
      </Modal>
    </PageCard>
  );
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
