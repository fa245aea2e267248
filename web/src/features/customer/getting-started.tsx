import type { Overview } from '@dairy/contract';
import { Anchor, Badge, Group, List, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useLabel } from '../../lib/config';
import { paths } from '../../lib/paths';
import { useMayOpen } from '../../lib/session';
import { useOverview } from './api';

/** The first steps of a new installation, in the order each needs the one before. */
const steps: {
  count: keyof Overview;
  what: string;
  link: string;
  to: string;
  /** Another way to take the step. */
  or?: { link: string; to: string; what: string };
}[] = [
  { count: 'colonies', what: 'the delivery areas and their service charge', link: 'Add Colony', to: paths.addColony },
  { count: 'combinations', what: 'the days of delivery', link: 'Add Combination', to: paths.addCombination },
  { count: 'products', what: 'each {product} with its price and days', link: 'Add {product}', to: paths.addProduct },
  {
    count: 'customers',
    what: 'the customers of each colony',
    link: 'Add Customer',
    to: paths.addCustomer,
    or: { link: 'Import Customers', to: paths.importCustomers, what: 'from a spreadsheet' },
  },
  {
    count: 'consumptions',
    what: 'what each customer takes, and on which days',
    link: 'Add Consumption',
    to: paths.addConsumption,
  },
];

/**
 * A guide on the home page until the dairy has every kind of first record: each step links to
 * its add screen (customers also to the import), shows as done once it has a record, and the
 * guide goes once all are done. It ends with Settings, where the bills' business name and UPI ID
 * are set (docs/rules.md section 14): a link for an administrator, a word for anyone else.
 */
export function GettingStarted() {
  const label = useLabel();
  const mayOpenSettings = useMayOpen(paths.settings);
  // Asked again on every visit: the operator comes back here after each add screen.
  const overview = useOverview();
  const counts = overview.data;
  if (!counts || steps.every((step) => counts[step.count] > 0)) return null;
  return (
    <Paper component="section" aria-label="Getting started" shadow="md" radius="md" p="lg" maw={1400} mx="auto" mb="md">
      <Title order={3} mb={4}>
        Getting started
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        Set up the dairy in this order; each step needs the one before.
      </Text>
      <List type="ordered" spacing="xs">
        {steps.map((step) => {
          const done = counts[step.count] > 0;
          return (
            <List.Item key={step.count}>
              <Group gap="xs">
                {done ? (
                  <>
                    <Text c="dimmed">{label(step.link)}</Text>
                    <Badge color="green" variant="light">
                      Done
                    </Badge>
                  </>
                ) : (
                  <Anchor component={Link} to={step.to} fw={600}>
                    {label(step.link)}
                  </Anchor>
                )}
                <Text size="sm" c="dimmed">
                  {label(step.what)}
                  {step.or && !done && (
                    <>
                      , or{' '}
                      <Anchor component={Link} to={step.or.to} size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {step.or.link}
                      </Anchor>{' '}
                      {step.or.what}
                    </>
                  )}
                </Text>
              </Group>
            </List.Item>
          );
        })}
      </List>
      <Text size="sm" mt="sm">
        Bills print the dairy's name and its UPI ID, for customers to pay by scanning: set them in{' '}
        {mayOpenSettings ? (
          <Anchor component={Link} to={paths.settings} size="sm" fw={600}>
            Settings
          </Anchor>
        ) : (
          'Settings (an administrator)'
        )}
        .
      </Text>
    </Paper>
  );
}
