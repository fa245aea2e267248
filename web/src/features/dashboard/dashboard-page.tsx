import { type DashboardCards, quantityWithUnit, rupeeText } from '@dairy/contract';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { PageCard } from '../../components/page-card';
import { MonthSelect, YearSelect } from '../../components/pickers';
import { QueryState } from '../../components/query-state';
import { useCurrentPeriod } from '../../lib/config';
import { useUrlState } from '../../lib/url-state';
import { useDashboard } from './api';
import { Figures } from './figures';
import { useDashboardTexts } from './texts';

/**
 * Dashboard (/dashboard, docs/rules.md section 22): the chosen month at a glance for the office,
 * the current month unless the address names another; its figures, then its charts, each with
 * its numbers as a table.
 */
export function DashboardPage() {
  const current = useCurrentPeriod();
  const [filters, setFilters] = useUrlState({ month: null, year: null });
  const month = Number(filters.month ?? current.month);
  const year = Number(filters.year ?? current.year);
  const dashboard = useDashboard(month, year);
  const texts = useDashboardTexts();

  return (
    <PageCard
      title={texts.title}
      actions={
        <Group gap="xs" wrap="nowrap">
          <MonthSelect
            label={texts.month}
            value={String(month)}
            onChange={(value) => value && setFilters({ month: value })}
            w={140}
          />
          <YearSelect
            label={texts.year}
            value={String(year)}
            onChange={(value) => value && setFilters({ year: value })}
            w={100}
          />
        </Group>
      }
    >
      <QueryState query={dashboard} failure={texts.loadFailed}>
        {dashboard.data && (
          <Stack gap="sm">
            <Cards cards={dashboard.data.cards} />
            <Figures data={dashboard.data} />
          </Stack>
        )}
      </QueryState>
    </PageCard>
  );
}

/** One figure of the month: its name and its value, read together. */
function Card({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="xs" role="group" aria-label={label} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-value>
        {value}
      </Text>
    </Paper>
  );
}

function Cards({ cards }: { cards: DashboardCards }) {
  const texts = useDashboardTexts();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
      {cards.quantities.map((q) => (
        <Card key={q.productCode} label={texts.delivered(q.productName)} value={quantityWithUnit(q.quantity, q.unit)} />
      ))}
      {cards.quantities.length === 0 && <Card label={texts.nothingDelivered} value="0" />}
      <Card label={texts.billed} value={rupeeText(cards.billed)} />
      <Card label={texts.collected} value={rupeeText(cards.collected)} />
      <Card label={texts.outstanding} value={rupeeText(cards.outstanding)} />
      <Card label={texts.customersDelivered} value={String(cards.customersDelivered)} />
      <Card label={texts.customersStarted} value={String(cards.customersStarted)} />
      <Card label={texts.customersStopped} value={String(cards.customersStopped)} />
    </SimpleGrid>
  );
}
