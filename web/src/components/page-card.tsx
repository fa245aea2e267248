import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ExportMenu, type ScreenExport } from './export-menu';

/**
 * A screen's white card on the dark background, with its title and optional actions; a list or
 * report screen's Export menu comes first among them.
 */
export function PageCard<R>({
  title,
  actions,
  exportList,
  children,
}: {
  title: string;
  actions?: ReactNode;
  exportList?: ScreenExport<R>;
  children: ReactNode;
}) {
  return (
    <Paper shadow="md" radius="md" p={{ base: 'sm', sm: 'lg' }} maw={1400} mx="auto">
      <Group justify="space-between" mb="md" wrap="wrap" data-page-header>
        <Title order={2}>{title}</Title>
        {exportList ? (
          <Group gap="sm">
            <ExportMenu list={{ screen: title, ...exportList }} disabled={exportList.disabled} />
            {actions}
          </Group>
        ) : (
          actions
        )}
      </Group>
      {children}
    </Paper>
  );
}
