import { PRODUCT_PAGE_SIZE, type Product, productTexts } from '@dairy/contract';
import { Button, Checkbox, Group, Radio, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { PageButtons } from '../../components/pagination';
import { QueryState } from '../../components/query-state';
import { ApiError } from '../../lib/api';
import { useLabel } from '../../lib/config';
import { formatRupees } from '../../lib/format';
import { link, paths } from '../../lib/paths';
import { useProductList, useToggleProduct } from './api';

type StateFilter = 'all' | 'active' | 'inactive';
const stateFlag = { all: undefined, active: 1, inactive: 0 } as const;

/** The spec waits 500 ms after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 500;

export function ProductListPage() {
  const label = useLabel();
  const [state, setState] = useState<StateFilter>('all');
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // A page belongs to the filter it was chosen under: a new state or (debounced) search starts
  // at page 1, without a request for page 1 of the old search while the person is still typing.
  const filterKey = `${state}|${name}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  const filter = { page, isActive: stateFlag[state], name };
  const list = useProductList(filter);
  const toggle = useToggleProduct(filter);

  const askToggle = (product: Product) => {
    const enabling = product.available === 0;
    confirmAction(label(`Are you sure you want to ${enabling ? 'enable' : 'disable'} this {product}?`), async () => {
      try {
        await toggle.mutateAsync({ productId: product.productId, isActive: enabling ? 1 : 0 });
        notify.success(label(enabling ? productTexts.enabledOk : productTexts.disabledOk));
      } catch (error) {
        notify.error(error instanceof ApiError && error.status ? 'Something went wrong.' : 'Internal Server Error');
      }
    });
  };

  const rows = list.data?.rows ?? [];
  return (
    <PageCard
      title={label('All {product}s')}
      actions={
        <Button component={Link} to={paths.addProduct}>
          {label('Add {product}')}
        </Button>
      }
    >
      <Group align="end" mb="md" gap="lg" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Enter code or name"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={280}
        />
        <Radio.Group label="Show" value={state} onChange={(value) => setState(value as StateFilter)}>
          <Group gap="md" mt={6}>
            <Radio value="all" label="All" />
            <Radio value="active" label="Active" />
            <Radio value="inactive" label="Inactive" />
          </Group>
        </Radio.Group>
      </Group>
      <QueryState query={list}>
        <Table.ScrollContainer minWidth={700}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{label('{product} Code')}</Table.Th>
                <Table.Th>{label('{product} Name')}</Table.Th>
                <Table.Th>Days</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Is Active</Table.Th>
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p, i) => (
                <Table.Tr key={p.productId}>
                  <Table.Td>{(page - 1) * PRODUCT_PAGE_SIZE + i + 1}</Table.Td>
                  <Table.Td>{p.productCode}</Table.Td>
                  <Table.Td>{p.productName}</Table.Td>
                  <Table.Td>{p.Combination.combinationDays}</Table.Td>
                  <Table.Td>{formatRupees(p.price)}</Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Is Active: ${p.productCode} ${p.Combination.combinationDays}`}
                      checked={p.available === 1}
                      onChange={() => askToggle(p)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      component={Link}
                      to={link(paths.updateProduct, { id: String(p.productId) })}
                      size="xs"
                      variant="light"
                    >
                      Update
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>{label('No {product}s found')}</Table.Td>
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
