import { PRODUCT_PAGE_SIZE, type Product, productTexts, rupeeText } from '@dairy/contract';
import { Button, Checkbox, Group, Radio, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { type Column, DataTable } from '../../components/data-table';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { useLabel } from '../../lib/config';
import { daysText } from '../../lib/day-names';
import { type ExportColumn, yesNo } from '../../lib/export-list';
import { translateKnown } from '../../lib/i18n';
import { link, paths } from '../../lib/paths';
import { useUrlState } from '../../lib/url-state';
import { allProducts, useProductList, useToggleProduct } from './api';
import { ChangePriceDialog } from './change-price-dialog';

type StateFilter = 'all' | 'active' | 'inactive';
const stateFlag: Record<string, 0 | 1 | undefined> = { all: undefined, active: 1, inactive: 0 };

/** The spec waits 500 ms after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * The search text, the state and the page live in the address. The list follows the search once
 * the person stops typing; until then it keeps the search and page it shows, so typing asks
 * nothing (not even page 1 of the old search). A new search or state starts at page 1.
 */
function useProductFilters() {
  const [filters, setFilters] = useUrlState({ search: null, state: 'all', page: '1' });
  const search = filters.search ?? '';
  const [name] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const page = Number(filters.page) || 1;
  const [shown, setShown] = useState({ name, page });
  const settled = name === search;
  if (settled && (shown.name !== name || shown.page !== page)) setShown({ name, page });
  const current = settled ? { name, page } : shown;
  return {
    search,
    state: (filters.state ?? 'all') as StateFilter,
    filter: { page: current.page, isActive: stateFlag[filters.state ?? 'all'], name: current.name },
    setSearch: (text: string) => setFilters({ search: text || null, page: '1' }),
    setState: (state: StateFilter) => setFilters({ state, page: '1' }),
    setPage: (next: number) => setFilters({ page: String(next) }),
  };
}

export function ProductListPage() {
  const label = useLabel();
  const { t } = useTranslation();
  const { search, state, filter, setSearch, setState, setPage } = useProductFilters();
  const list = useProductList(filter);
  const toggle = useToggleProduct(filter);
  const rows = list.data?.rows ?? [];
  const [repricing, setRepricing] = useState<string | null>(null);
  /** The page's first row of each code carries the code's 'Change price' (docs/rules.md section 23). */
  const firstOfCode = (p: Product) => rows.find((r) => r.productCode === p.productCode) === p;
  const repricingRows = rows.filter((r) => r.productCode === repricing);

  const askToggle = (product: Product) => {
    const enabling = product.available === 0;
    confirmAction(label(enabling ? t('product.confirmEnable') : t('product.confirmDisable')), async () => {
      try {
        await toggle.mutateAsync({ productId: product.productId, isActive: enabling ? 1 : 0 });
        notify.success(label(translateKnown(enabling ? productTexts.enabledOk : productTexts.disabledOk)));
      } catch (error) {
        notify.failure(error, productTexts.toggleFailed, () => productTexts.toggleError);
      }
    });
  };

  const columns: Column<Product>[] = [
    { header: '#', cell: (_p, i) => (filter.page - 1) * PRODUCT_PAGE_SIZE + i + 1 },
    { header: label(t('product.code')), cell: (p) => p.productCode },
    { header: label(t('product.name')), cell: (p) => p.productName },
    { header: t('records.days'), cell: (p) => daysText(p.Combination.combinationDays) },
    { header: t('product.price'), cell: (p) => rupeeText(p.price) },
    {
      header: t('product.isActive'),
      cell: (p) => (
        <Checkbox
          aria-label={`Is Active: ${p.productCode} ${p.Combination.combinationDays}`}
          checked={p.available === 1}
          onChange={() => askToggle(p)}
        />
      ),
    },
    {
      header: t('records.action'),
      cell: (p) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            component={Link}
            to={link(paths.updateProduct, { id: String(p.productId) })}
            size="xs"
            variant="light"
          >
            {t('records.update')}
          </Button>
          {firstOfCode(p) && (
            <Button
              size="xs"
              variant="light"
              onClick={() => setRepricing(p.productCode)}
              aria-label={`Change price of ${p.productCode}`}
            >
              {t('product.changePrice')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  const exportColumns: ExportColumn<Product>[] = [
    { header: label('{product} Code'), text: (p) => p.productCode },
    { header: label('{product} Name'), text: (p) => p.productName },
    { header: 'Unit', text: (p) => p.unit },
    { header: 'Days', text: (p) => p.Combination.combinationDays },
    { header: 'Price', money: (p) => p.price },
    { header: 'Is Active', text: (p) => yesNo(p.available) },
  ];

  return (
    <PageCard
      title={label(t('product.listTitle'))}
      exportList={{
        screen: label('All {product}s'),
        filters: { search: filter.name.trim(), show: state === 'all' ? null : state },
        columns: exportColumns,
        rows: () => allProducts(filter),
      }}
      actions={
        <Button component={Link} to={paths.addProduct}>
          {label(t('product.add'))}
        </Button>
      }
    >
      <Group align="end" mb="md" gap="lg" wrap="wrap">
        <TextInput
          label={t('records.search')}
          placeholder={t('product.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={280}
        />
        <Radio.Group label={t('product.show')} value={state} onChange={(value) => setState(value as StateFilter)}>
          <Group gap="md" mt={6}>
            <Radio value="all" label={t('product.all')} />
            <Radio value="active" label={t('records.active')} />
            <Radio value="inactive" label={t('product.inactive')} />
          </Group>
        </Radio.Group>
      </Group>
      <DataTable
        query={list}
        rows={rows}
        rowKey={(p) => p.productId}
        columns={columns}
        empty={label(t('product.empty'))}
        paging={{ page: filter.page, totalPages: list.data?.totalPages ?? 0, onChange: setPage }}
      />
      {repricingRows.length > 0 && <ChangePriceDialog rows={repricingRows} onClose={() => setRepricing(null)} />}
    </PageCard>
  );
}
