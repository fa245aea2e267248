import { Button, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a screen fails to render (the spec's default error page). */
export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Paper shadow="md" radius="md" p="xl" m="xl" maw={800} mx="auto">
      <Stack>
        <Title order={2}>Unexpected Application Error!</Title>
        <Code block>{detail}</Code>
        <Text size="sm">Go back to the customer list, or reload the page.</Text>
        <Button component="a" href="#/" w="fit-content">
          Go to the home page
        </Button>
      </Stack>
    </Paper>
  );
}
