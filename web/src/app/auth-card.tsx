import { Center, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The card of the sign-in and setup screens, alone on the dark background. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper shadow="lg" radius="md" p="xl" w="100%" maw={420}>
        <Title order={2} mb="md">
          {title}
        </Title>
        {children}
      </Paper>
    </Center>
  );
}
