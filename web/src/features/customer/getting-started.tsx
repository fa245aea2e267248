import type { Overview } from '@dairy/contract';
import { Anchor, Badge, Group, List, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLabel } from '../../lib/config';
import { paths } from '../../lib/paths';
import { useMayOpen } from '../../lib/session';
import { useOverview } from './api';

/**
 * The first steps of a new installation, in the order each needs the one before: `count` also
 * names the step's words (`customer.start.*`), `link` its menu item's (`menu.*`).
 */
const steps: {
  count: keyof Overview;
  link: string;
  to: string;
  /** Another way to take the step: the import, from a spreadsheet. */
  or?: { link: string; to: string };
}[] = [
  { count: 'colonies', link: 'Add Colony', to: paths.addColony },
  { count: 'combinations', link: 'Add Combination', to: paths.addCombination },
  { count: 'products', link: 'Add {product}', to: paths.addProduct },
  {
    count: 'customers',
    link: 'Add Customer',
    to: paths.addCustomer,
    or: { link: 'Import Customers', to: paths.importCustomers },
  },
  { count: 'consumptions', link: 'Add Consumption', to: paths.addConsumption },
];

/**
 * A guide on the home page until the dairy has every kind of first record: each step links to
 * its add screen (customers also to the import), shows as done once it has a record, and the
 * guide goes once all are done. It ends with Settings, where the bills' business name and UPI ID
 * are set (docs/rules.md section 14): a link for an administrator, a word for anyone else.
 */
export function GettingStarted() {
  const label = useLabel();
  const { t } = useTranslation();
  const menu = (item: string) => label(t(`menu.${item}`));
  const mayOpenSettings = useMayOpen(paths.settings);
  // Asked again on every visit: the operator comes back here after each add screen.
  const overview = useOverview();
  const counts = overview.data;
  if (!counts || steps.every((step) => counts[step.count] > 0)) return null;
  return (
    <Paper
      component="section"
      aria-label={t('customer.start.title')}
      shadow="md"
      radius="md"
      p="lg"
      maw={1400}
      mx="auto"
      mb="md"
    >
      <Title order={3} mb={4}>
        {t('customer.start.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('customer.start.intro')}
      </Text>
      <List type="ordered" spacing="xs">
        {steps.map((step) => {
          const done = counts[step.count] > 0;
          return (
            <List.Item key={step.count}>
              <Group gap="xs">
                {done ? (
                  <>
                    <Text c="dimmed">{menu(step.link)}</Text>
                    <Badge color="green" variant="light">
                      {t('customer.start.done')}
                    </Badge>
                  </>
                ) : (
                  <Anchor component={Link} to={step.to} fw={600}>
                    {menu(step.link)}
                  </Anchor>
                )}
                <Text size="sm" c="dimmed">
                  {label(t(`customer.start.${step.count}`))}
                  {step.or && !done && (
                    <>
                      , {t('customer.start.or')}{' '}
                      <Anchor component={Link} to={step.or.to} size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {menu(step.or.link)}
                      </Anchor>{' '}
                      {t('customer.start.fromSpreadsheet')}
                    </>
                  )}
                </Text>
              </Group>
            </List.Item>
          );
        })}
      </List>
      <Text size="sm" mt="sm">
        {t('customer.start.settings')}{' '}
        {mayOpenSettings ? (
          <Anchor component={Link} to={paths.settings} size="sm" fw={600}>
            {t('menu.Settings')}
          </Anchor>
        ) : (
          t('customer.start.settingsAdmin')
        )}
        {t('customer.start.settingsEnd')}
      </Text>
    </Paper>
  );
}
