import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's white card on the dark background, with its title and optional actions. */
export function PageCard({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper shadow="md" radius="md" p={{ base: 'sm', sm: 'lg' }} maw={1400} mx="auto">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2}>{title}</Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
