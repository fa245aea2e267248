import type { Combination } from '@dairy/contract';
import { Button, Group, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { PageButtons } from '../../components/pagination';
import { QueryState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { link, paths } from '../../lib/paths';
import { type CombinationAction, useCombinationAction, useCombinationList } from './api';

export function CombinationListPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useCombinationList(page);
  const action = useCombinationAction();

  // The spec searches the loaded page by its days, on the client.
  const needle = search.trim().toLowerCase();
  const rows = (list.data?.rows ?? []).filter((c) => c.combinationDays.toLowerCase().includes(needle));

  const run = (verb: CombinationAction, id: number) => {
    confirmAction(`Are you sure you want to ${verb} this combination?`, async () => {
      try {
        await action.mutateAsync({ action: verb, id });
        notify.success('Action executed successfully!');
      } catch (error) {
        notify.error('Failed to execute action', errorMessage(error, 'Please try again.'));
      }
    });
  };

  return (
    <PageCard
      title="All Combinations"
      actions={
        <Button component={Link} to={paths.addCombination}>
          Add Combination
        </Button>
      }
    >
      <TextInput
        label="Search"
        placeholder="Search Combinations..."
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        mb="md"
        maw={360}
      />
      <QueryState query={list} failure="Failed to fetch data">
        <Table.ScrollContainer minWidth={500}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                <Table.Th>Combinations</Table.Th>
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <CombinationRow key={c.combinationId} combination={c} onAction={run} />
              ))}
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3}>No combinations found</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageButtons page={page} totalPages={list.data?.totalPages ?? 0} onChange={setPage} />
      </QueryState>
    </PageCard>
  );
}

/** Update always; Disable on an active row; Enable and Delete on a disabled one. */
function CombinationRow({
  combination: c,
  onAction,
}: {
  combination: Combination;
  onAction: (verb: CombinationAction, id: number) => void;
}) {
  return (
    <Table.Tr>
      <Table.Td>{c.combinationId}</Table.Td>
      <Table.Td>{c.combinationDays}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            component={Link}
            to={link(paths.updateCombination, { id: String(c.combinationId) })}
            size="xs"
            variant="light"
          >
            Update
          </Button>
          {c.disable === 0 ? (
            <Button size="xs" color="red" variant="light" onClick={() => onAction('disable', c.combinationId)}>
              Disable
            </Button>
          ) : (
            <>
              <Button size="xs" color="green" variant="light" onClick={() => onAction('enable', c.combinationId)}>
                Enable
              </Button>
              <Button size="xs" color="red" onClick={() => onAction('delete', c.combinationId)}>
                Delete
              </Button>
            </>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
