import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageCard } from '../components/page-card';
import { paths } from '../lib/paths';

/** An address that names no screen (a mistyped or outdated link). */
export function NotFoundPage() {
  return (
    <PageCard title="Page not found">
      <Text mb="md">There is no screen at this address.</Text>
      <Button component={Link} to={paths.home} w="fit-content">
        Go to the home page
      </Button>
    </PageCard>
  );
}
