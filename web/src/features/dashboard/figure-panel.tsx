import { formatDate, quantityText, rupeeText } from '@dairy/contract';
import { Box, Group, Paper, Table, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { ExportMenu } from '../../components/export-menu';
import type { ExportColumn } from '../../lib/export-list';

/**
 * A column of a chart's table and of its file at once: the file's typed value, shown on screen as
 * every list shows it, or as `show` says (a link, a word for nothing).
 */
export type FigureColumn<R> = ExportColumn<R> & { show?: (row: R) => ReactNode };

function shown<R>(column: FigureColumn<R>, row: R): ReactNode {
  if (column.show) return column.show(row);
  if ('text' in column) return column.text(row);
  const value =
    'money' in column
      ? column.money(row)
      : 'quantity' in column
        ? column.quantity(row)
        : 'number' in column
          ? column.number(row)
          : column.date(row);
  if (value == null) return '';
  if ('money' in column) return rupeeText(value as number);
  if ('quantity' in column) return quantityText(value as number);
  if ('date' in column) return formatDate(value as string);
  return String(value);
}

const numeric = (column: FigureColumn<unknown>) => 'money' in column || 'quantity' in column || 'number' in column;

/**
 * One figure of the Dashboard (docs/rules.md section 22): its title, its chart (drawn for the eye,
 * hidden from screen readers), and the same numbers as a table they read and a file exports.
 */
export function FigurePanel<R>({
  title,
  period,
  chart,
  columns,
  rows,
  rowKey,
  empty,
  fileFilters,
  withTable = true,
}: {
  title: string;
  /** The month the figures are of, as the table's caption says it. */
  period: string;
  chart?: ReactNode;
  columns: FigureColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  empty: string;
  fileFilters: Record<string, string | number>;
  /** False while the chart is drawn first; the table follows in the next render. */
  withTable?: boolean;
}) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="sm" miw={0}>
      <Group justify="space-between" wrap="nowrap" mb="xs" gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {title}
        </Title>
        {/* The title wraps on a phone; the button keeps its width. */}
        <Box style={{ flexShrink: 0 }}>
          <ExportMenu
            list={{ screen: title, filters: fileFilters, columns, rows: async () => rows }}
            disabled={rows.length === 0}
          />
        </Box>
      </Group>
      {chart && (
        <Box aria-hidden mb="sm" data-chart>
          {chart}
        </Box>
      )}
      {/* Scrolls inside itself, so a long month never widens a phone's page. */}
      {withTable && (
        <Box mah={280} style={{ overflow: 'auto' }} tabIndex={0} role="group" aria-label={`${title}, ${period}`}>
          <Table striped fz="sm" stickyHeader>
            <VisuallyHidden component="caption">{`${title}, ${period}`}</VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.header} ta={numeric(c as FigureColumn<unknown>) ? 'right' : undefined}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td key={c.header} ta={numeric(c as FigureColumn<unknown>) ? 'right' : undefined}>
                      {shown(c, row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>{empty}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
