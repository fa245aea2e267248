import { type Customer, customerListQuery, customerTexts } from '@dairy/contract';
import { Button, Checkbox, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { type Column, DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { notify } from '../../components/notify';
import { PageCard } from '../../components/page-card';
import { ColonyCustomerFilters } from '../../components/pickers';
import { RowActions } from '../../components/row-actions';
import { type ExportColumn, yesNo } from '../../lib/export-list';
import { translateKnown } from '../../lib/i18n';
import { link, paths } from '../../lib/paths';
import { useListFilters } from '../../lib/url-state';
import { allCustomers, useCustomerAction, useCustomerList } from './api';
import { GettingStarted } from './getting-started';

/** The route filter as typed, checked by the contract's rule: its text when it is not a route. */
function checkRoute(text: string | null): { route: string | null; problem?: string } {
  const parsed = customerListQuery.shape.route.safeParse(text);
  if (parsed.success) return { route: parsed.data === undefined ? null : String(parsed.data) };
  const problem = parsed.error.issues[0]?.message;
  return { route: null, problem: problem && translateKnown(problem) };
}

const exportColumns: ExportColumn<Customer>[] = [
  { header: 'Route', number: (c) => c.route },
  { header: 'Name', text: (c) => c.customerName },
  { header: 'Address', text: (c) => c.address },
  { header: 'Phone Number', text: (c) => c.contactNumber },
  { header: 'Colony', text: (c) => c.colony.colonyName },
  { header: 'Defaulter', text: (c) => yesNo(c.defaulter) },
  { header: 'Due', money: (c) => c.due },
  { header: 'Last Active', date: (c) => c.lastActive },
  { header: 'Disabled', text: (c) => yesNo(c.disable) },
];

export function CustomerListPage() {
  const { filters, page, change, paging } = useListFilters({
    colony: null,
    customer: null,
    route: null,
    lastActive: null,
    defaulters: null,
  });
  // A route that is not one is said beside the field and not asked for.
  const route = checkRoute(filters.route);
  const filter = {
    page,
    colonyCode: filters.colony,
    customerId: filters.customer,
    route: route.route,
    lastActive: filters.lastActive,
    defaulters: filters.defaulters === '1',
  };
  const list = useCustomerList(filter);
  const { t } = useTranslation();
  const action = useCustomerAction(filter);

  const toggle = (customer: Customer, verb: 'enable' | 'disable') => {
    confirmAction(verb === 'disable' ? t('customer.confirmDisable') : t('customer.confirmEnable'), async () => {
      try {
        await action.mutateAsync({ action: verb, customerId: customer.customerId });
        notify.success(verb === 'disable' ? customerTexts.disabledOk : customerTexts.enabledOk);
      } catch (error) {
        notify.failure(error, customerTexts.failed, () => customerTexts.failed);
      }
    });
  };

  const columns: Column<Customer>[] = [
    { header: t('common.route'), cell: (c) => c.route },
    { header: t('customer.name'), cell: (c) => c.customerName },
    { header: t('common.address'), cell: (c) => c.address },
    { header: t('customer.phone'), cell: (c) => c.contactNumber },
    { header: t('picker.colony'), cell: (c) => c.colony.colonyName },
    {
      header: t('customer.defaulter'),
      cell: (c) => (
        <Checkbox
          aria-label={t('customer.defaulterOf', { name: c.customerName })}
          checked={c.defaulter === 1}
          readOnly
        />
      ),
    },
    {
      header: t('records.action'),
      cell: (c) => (
        <RowActions
          update={link(paths.updateCustomer, { id: String(c.customerId) })}
          disabled={c.disable === 1}
          onAction={(verb) => toggle(c, verb)}
        />
      ),
    },
  ];

  return (
    <>
      <GettingStarted />
      <PageCard
        title={t('customer.listTitle')}
        exportList={{
          disabled: !filters.colony,
          filters: { ...filters, page: null, route: filter.route, defaulters: filter.defaulters ? 'yes' : null },
          columns: exportColumns,
          rows: () => allCustomers(filter),
        }}
        actions={
          <Button component={Link} to={paths.addCustomer}>
            {t('customer.add')}
          </Button>
        }
      >
        <Group align="start" mb="md" gap="md" wrap="wrap">
          <ColonyCustomerFilters colony={filters.colony} customer={filters.customer} onChange={change} w={220} />
          {/* A text field: the route is checked by the list's own rule (checkRoute), and the first
              screen does without the number field's code (docs/performance.md, first screen). */}
          <TextInput
            label={t('common.route')}
            inputMode="numeric"
            value={filters.route ?? ''}
            onChange={(e) => change({ route: e.currentTarget.value === '' ? null : e.currentTarget.value })}
            error={route.problem}
            w={160}
          />
          <DateField
            clearable
            label={t('customer.lastActive')}
            value={filters.lastActive}
            onChange={(lastActive) => change({ lastActive })}
            w={170}
          />
          <Checkbox
            label={t('customer.defaulters')}
            checked={filter.defaulters}
            onChange={(e) => change({ defaulters: e.currentTarget.checked ? '1' : null })}
            mt={32}
          />
        </Group>
        {!filters.colony ? (
          <Text c="dimmed">{t('customer.pickColony')}</Text>
        ) : (
          <DataTable
            query={list}
            rows={list.data?.rows ?? []}
            rowKey={(c) => c.customerId}
            columns={columns}
            empty={t('customer.empty')}
            minWidth={800}
            caption={
              <Text mb="xs" fw={500}>
                {t('customer.totalRecords', { count: list.data?.total ?? 0 })}
              </Text>
            }
            paging={paging(list.data?.totalPages)}
          />
        )}
      </PageCard>
    </>
  );
}
