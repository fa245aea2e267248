import { monthStart, quantityWithUnit, type StatementResponse } from '@dairy/contract';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useChanges, useConsumptionsOf } from '../../components/delivery-changes/calls';
import { ChangesTable } from '../../components/delivery-changes/table';
import { MonthCalendar } from '../../components/month-calendar/month-calendar';
import { QueryState } from '../../components/query-state';
import { useBusinessToday } from '../../lib/config';
import { daysText } from '../../lib/day-names';
import { monthName } from '../../lib/i18n';
import { useFileTexts } from './file-texts';

/*
 * What the customer gets (docs/rules.md section 23): this month as the calendar the customer's own
 * page shows, their consumptions, and their changes past, running and upcoming.
 */

/**
 * The month's calendar from the statement's deliveries; `withChanges` (the office) marks the
 * pauses and planned quantities too. A collector, who does not read changes, sees the
 * deliveries and the days not delivered.
 */
export function FileCalendar({ statement, withChanges }: { statement: StatementResponse; withChanges: boolean }) {
  const today = useBusinessToday();
  const t = useFileTexts();
  const firstDay = monthStart(statement);
  const changes = useChanges({ customerId: statement.customer.customerId, activeOn: firstDay, page: 1 }, withChanges);
  return (
    <section aria-labelledby="file-calendar">
      <Title order={3} id="file-calendar" mb="xs">
        {t.thisMonth}
      </Title>
      <MonthCalendar
        title={`${monthName(statement.month)} ${statement.year}`}
        year={statement.year}
        month={statement.month}
        today={today}
        deliveries={statement.days}
        changes={changes.data?.rows ?? []}
      />
    </section>
  );
}

/** The consumptions: product, days and quantity, and whether each is running. */
export function FileConsumptions({ customerId }: { customerId: number }) {
  const t = useFileTexts();
  const consumptions = useConsumptionsOf(String(customerId));
  return (
    <section aria-labelledby="file-consumptions">
      <Title order={3} id="file-consumptions" mb="xs">
        {t.consumptions}
      </Title>
      <QueryState query={consumptions}>
        {(consumptions.data ?? []).length === 0 ? (
          <Text c="dimmed">{t.noConsumptions}</Text>
        ) : (
          <Stack gap={4}>
            {(consumptions.data ?? []).map((c) => (
              <Group key={c.consumptionId} gap="xs">
                <Text>
                  {c.product.productName} ({c.product.productCode}): {quantityWithUnit(c.quantity, c.product.unit)} ·{' '}
                  {daysText(c.combinations.combinationDays)}
                </Text>
                {(c.isActive === 0 || c.disable === 1) && (
                  <Badge color="gray" variant="light">
                    {t.inactive}
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
    </section>
  );
}

/** Every change of the customer, past ones too, with the list's own Edit and Delete. */
export function FileChanges({
  customerId,
  onEdit,
}: {
  customerId: number;
  onEdit: Parameters<typeof ChangesTable>[0]['onEdit'];
}) {
  const [page, setPage] = useState(1);
  const t = useFileTexts();
  return (
    <section aria-labelledby="file-changes">
      <Title order={3} id="file-changes" mb="xs">
        {t.changes}
      </Title>
      <ChangesTable
        query={{ customerId, activeOn: null, page }}
        onPage={setPage}
        onEdit={onEdit}
        showCustomer={false}
      />
    </section>
  );
}
