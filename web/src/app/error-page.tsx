import { Button, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a screen fails to render (the spec's default error page). */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Paper shadow="md" radius="md" p="xl" m="xl" maw={800} mx="auto">
      <Stack>
        <Title order={2}>{t('shell.errorTitle')}</Title>
        <Code block>{detail}</Code>
        <Text size="sm">{t('shell.errorHint')}</Text>
        <Button component="a" href="#/" w="fit-content">
          {t('shell.errorHome')}
        </Button>
      </Stack>
    </Paper>
  );
}
