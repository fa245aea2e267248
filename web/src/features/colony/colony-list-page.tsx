import { type Colony, colonyTexts } from '@dairy/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { type Column, DataTable } from '../../components/data-table';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { formatMoney } from '../../lib/format';
import { link, paths } from '../../lib/paths';
import { useUrlState } from '../../lib/url-state';
import { useColonyAction, useColonyList } from './api';

export function ColonyListPage() {
  const [filters, setFilters] = useUrlState({ page: '1', search: null });
  const page = Number(filters.page) || 1;
  const list = useColonyList(page);
  const action = useColonyAction(page);

  // The spec searches the loaded page by name, on the client.
  const needle = (filters.search ?? '').trim().toLowerCase();
  const rows = (list.data?.rows ?? []).filter((c) => c.colonyName.toLowerCase().includes(needle));

  const toggle = (code: string, disabled: boolean) => {
    const verb = disabled ? 'enable' : 'disable';
    confirmAction(`Are you sure you want to ${verb} this colony?`, async () => {
      try {
        const result = await action.mutateAsync({ action: verb, code });
        notify.success(result.msg || colonyTexts.actionDone);
      } catch (error) {
        notify.failure(error, colonyTexts.actionFailed, () => colonyTexts.actionError);
      }
    });
  };

  const columns: Column<Colony>[] = [
    { header: 'Colony Code', cell: (c) => c.colonyCode },
    { header: 'Colony Name', cell: (c) => c.colonyName },
    { header: 'Service Charges', cell: (c) => formatMoney(c.charges) },
    {
      header: 'Action',
      cell: (c) => (
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to={link(paths.updateColony, { code: c.colonyCode })} size="xs" variant="light">
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
      ),
    },
  ];

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
        value={filters.search ?? ''}
        onChange={(e) => setFilters({ search: e.currentTarget.value || null })}
        mb="md"
        maw={360}
      />
      <DataTable
        query={list}
        rows={rows}
        rowKey={(c) => c.colonyCode}
        columns={columns}
        empty="No colonies found"
        minWidth={600}
        paging={{
          page,
          totalPages: list.data?.totalPages ?? 0,
          onChange: (p) => setFilters({ page: String(p) }),
        }}
      />
    </PageCard>
  );
}
