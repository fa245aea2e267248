import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * Loading, failure (the message and a Retry button: docs/rules.md section 9) or the content.
 * `failure` is the screen's own failure text from the spec, when it has one.
 */
export function QueryState({ query, failure, children }: { query: QueryLike; failure?: string; children: ReactNode }) {
  if (query.isPending) {
    return (
      <Center py="lg">
        <Group gap="xs">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      </Center>
    );
  }
  if (query.isError) {
    const detail = query.error instanceof ApiError ? query.error.message : undefined;
    return (
      <Alert color="red" title={failure ?? 'Failed to load'} role="alert">
        {detail && detail !== failure ? <Text size="sm">{detail}</Text> : null}
        <Button mt="sm" size="xs" variant="light" color="red" onClick={() => query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  return <>{children}</>;
}
