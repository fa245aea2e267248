import type { Overview } from '@dairy/contract';
import { Anchor, Badge, Group, List, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { useLabel } from '../../lib/config';
import { paths } from '../../lib/paths';

/** The first steps of a new installation, in the order each needs the one before. */
const steps: { count: keyof Overview; what: string; link: string; to: string }[] = [
  { count: 'colonies', what: 'the delivery areas and their service charge', link: 'Add Colony', to: paths.addColony },
  { count: 'combinations', what: 'the days of delivery', link: 'Add Combination', to: paths.addCombination },
  { count: 'products', what: 'each {product} with its price and days', link: 'Add {product}', to: paths.addProduct },
  { count: 'customers', what: 'the customers of each colony', link: 'Add Customer', to: paths.addCustomer },
  {
    count: 'consumptions',
    what: 'what each customer takes, and on which days',
    link: 'Add Consumption',
    to: paths.addConsumption,
  },
];

/**
 * A guide on the home page until the dairy has every kind of first record: each step links to
 * its add screen, shows as done once it has a record, and the guide goes once all are done.
 */
export function GettingStarted() {
  const label = useLabel();
  // Asked again on every visit: the operator comes back here after each add screen.
  const overview = useQuery({ queryKey: ['overview'], queryFn: () => api.get<Overview>('/overview'), staleTime: 0 });
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
                </Text>
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
