import { Text } from '@mantine/core';
import { PageCard } from '../components/page-card';

/** A menu link whose screen is not built yet lands here rather than on an error. */
export function NotAvailablePage() {
  return (
    <PageCard title="Not available yet">
      <Text>This screen is not available yet.</Text>
    </PageCard>
  );
}
