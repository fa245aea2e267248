import { Button, Group, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { PageButtons } from '../../components/pagination';
import { QueryState } from '../../components/query-state';
import { ApiError, errorMessage } from '../../lib/api';
import { formatRupees } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useColonyAction, useColonyList } from './api';

export function ColonyListPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useColonyList(page);
  const action = useColonyAction(page);

  // The spec searches the loaded page by name, on the client.
  const needle = search.trim().toLowerCase();
  const rows = (list.data?.rows ?? []).filter((c) => c.colonyName.toLowerCase().includes(needle));

  const toggle = (code: string, disabled: boolean) => {
    const verb = disabled ? 'enable' : 'disable';
    confirmAction(`Are you sure you want to ${verb} this colony?`, async () => {
      try {
        const result = await action.mutateAsync({ action: verb, code });
        notify.success(result.msg || 'Action completed successfully!');
      } catch (error) {
        // The server refused (its message, or the spec's fallback), or it could not be reached.
        if (error instanceof ApiError && error.status)
          notify.error(errorMessage(error, 'Failed to perform the action.'));
        else notify.error('An error occurred. Please try again.');
      }
    });
  };

  return (
    <PageCard
      title="All Colonies"
      actions={
        <Button component={Link} to={paths.addColony}>
          Add Colony
        </Button>
      }
    >
      <TextInput
        label="Search"
        placeholder="Search Colonies..."
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        mb="md"
        maw={360}
      />
      <QueryState query={list}>
        <Table.ScrollContainer minWidth={600}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Colony Code</Table.Th>
                <Table.Th>Colony Name</Table.Th>
                <Table.Th>Service Charges</Table.Th>
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.colonyCode}>
                  <Table.Td>{c.colonyCode}</Table.Td>
                  <Table.Td>{c.colonyName}</Table.Td>
                  <Table.Td>{formatRupees(c.charges)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button component={Link} to={paths.updateColony(c.colonyCode)} size="xs" variant="light">
                        Update
                      </Button>
                      <Button
                        size="xs"
                        color={c.disable ? 'green' : 'red'}
                        variant="light"
                        onClick={() => toggle(c.colonyCode, c.disable === 1)}
                      >
                        {c.disable ? 'Enable' : 'Disable'}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>No colonies found</Table.Td>
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
