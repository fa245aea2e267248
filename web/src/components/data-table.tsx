import { Checkbox, Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageButtons } from './pagination';
import { QueryState } from './query-state';
import type { RowSelection } from './use-row-selection';

export interface Column<T> {
  /** The header as the spec writes it. */
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** React's key for the column; needed when the header is not a text. */
  key?: string;
  /** The column's cell of a total row under the rows (shown when any column has one). */
  footer?: ReactNode;
}

export interface Paging {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Collapse long runs of page numbers (more than 10 pages). */
  collapse?: boolean;
  /** Show the buttons even for one page. */
  always?: boolean;
}

interface DataTableProps<T, K> {
  /** The list's query: loading and failure (with Retry) are shown in place of the table. */
  query: Parameters<typeof QueryState>[0]['query'];
  /** The spec's own failure text for this list, when it has one. */
  failure?: string;
  rows: readonly T[];
  rowKey: (row: T) => K;
  columns: readonly Column<T>[];
  /** The text of the one row shown when there are no rows. */
  empty: ReactNode;
  /** The columns that row spans, when the spec says (else all). */
  emptySpan?: number;
  /** Ticks: a first column of check boxes, the header box acting on the page shown. */
  selection?: { state: RowSelection<K>; label: (row: T) => string };
  paging?: Paging;
  /** Below this width the table scrolls sideways (phones). */
  minWidth?: number;
  /** Content between the query state and the table (a total line). */
  caption?: ReactNode;
  tableProps?: TableProps;
}

/** Every list of the app: one look, one empty row, one loading and failure state, one pagination. */
export function DataTable<T, K>({
  query,
  failure,
  rows,
  rowKey,
  columns,
  empty,
  emptySpan,
  selection,
  paging,
  minWidth = 700,
  caption,
  tableProps,
}: DataTableProps<T, K>) {
  const keys = rows.map(rowKey);
  const pageState = selection?.state.pageState(keys);
  const span = columns.length + (selection ? 1 : 0);
  return (
    <QueryState query={query} failure={failure}>
      {caption}
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped highlightOnHover {...tableProps}>
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all"
                    checked={pageState === 'all'}
                    indeterminate={pageState === 'some'}
                    disabled={rows.length === 0}
                    onChange={() => selection.state.togglePage(keys)}
                  />
                </Table.Th>
              )}
              {columns.map((c) => (
                <Table.Th key={c.key ?? String(c.header)}>{c.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={String(keys[i])}>
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={selection.label(row)}
                      checked={selection.state.isSelected(keys[i] as K)}
                      onChange={() => selection.state.toggle(keys[i] as K)}
                    />
                  </Table.Td>
                )}
                {columns.map((c) => (
                  <Table.Td key={c.key ?? String(c.header)}>{c.cell(row, i)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={emptySpan ?? span}>{empty}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
          {rows.length > 0 && columns.some((c) => c.footer !== undefined) && (
            <Table.Tfoot fw={700}>
              <Table.Tr>
                {selection && <Table.Td />}
                {columns.map((c) => (
                  <Table.Td key={c.key ?? String(c.header)}>{c.footer}</Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
      {paging && <PageButtons {...paging} />}
    </QueryState>
  );
}
