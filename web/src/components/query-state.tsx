import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { translateKnown } from '../lib/i18n';

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
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Center py="lg">
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{t('common.loading')}</Text>
        </Group>
      </Center>
    );
  }
  if (query.isError) {
    const detail = query.error instanceof ApiError ? query.error.message : undefined;
    return (
      <Alert color="red" title={failure ? translateKnown(failure) : t('common.failedToLoad')} role="alert">
        {detail && detail !== failure ? <Text size="sm">{detail}</Text> : null}
        <Button mt="sm" size="xs" variant="light" color="red" onClick={() => query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  return <>{children}</>;
}
