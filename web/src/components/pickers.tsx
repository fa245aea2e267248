import { colonyApiResponse } from '@dairy/contract';
import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/api';
import { useBusinessToday, useLabel } from '../lib/config';
import { yearOptions } from '../lib/format';
import { i18n, monthName } from '../lib/i18n';

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

type PickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (value: string | null) => void;
};

/** Every colony (without customers): the data of the colony pickers. */
export const coloniesQuery = {
  queryKey: ['colony', 'api'],
  queryFn: () => call.get('/colony/api', colonyApiResponse),
};

export function useColonyOptions() {
  return useQuery(coloniesQuery);
}

/** One colony's customers, asked for when that colony is chosen. */
function useColonyCustomers(colonyCode: string | null) {
  return useQuery({
    queryKey: ['colony', 'api', 'customers', colonyCode],
    enabled: Boolean(colonyCode),
    queryFn: async () =>
      (await call.get('/colony/api', colonyApiResponse, { seeUser: 'true', colonyCode })).rows[0]?.Customers ?? [],
  });
}

/**
 * The one behaviour of every picker: typing filters the options (the first match is highlighted,
 * so Enter takes it), and choosing the option already chosen keeps it; only a clearable
 * picker's × clears it. The text in the box is kept here because Mantine leaves what was typed
 * ("Nov") when the option chosen is the one already chosen, as no value changes.
 */
export function PickerSelect({
  data,
  onOptionSubmit,
  ...rest
}: Omit<SelectProps, 'data' | 'searchValue' | 'onSearchChange'> & { data: { value: string; label: string }[] }) {
  const [search, setSearch] = useState('');
  return (
    <Select
      searchable
      allowDeselect={false}
      selectFirstOptionOnChange
      {...rest}
      data={data}
      searchValue={search}
      onSearchChange={setSearch}
      onOptionSubmit={(value) => {
        setSearch(data.find((o) => o.value === value)?.label ?? '');
        onOptionSubmit?.(value);
      }}
    />
  );
}

/**
 * A clearable colony picker. `activeOnly` hides disabled colonies (forms that create records);
 * filters show them all.
 */
export function ColonySelect({
  value,
  onChange,
  activeOnly = false,
  label,
  ...rest
}: PickerProps & { activeOnly?: boolean }) {
  const { t } = useTranslation();
  const colonies = useColonyOptions();
  const data = (colonies.data?.rows ?? [])
    .filter((c) => !activeOnly || c.disable === 0)
    .map((c) => ({ value: c.colonyCode, label: c.colonyName }));
  return (
    <PickerSelect
      label={label ?? t('picker.colony')}
      placeholder={t('picker.selectColony')}
      clearable
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t('picker.noColonies')}
      {...rest}
    />
  );
}

/**
 * A customer as every picker offers it: 'Asha (route 3)', so two of one name are told apart
 * (docs/rules.md section 23); typing the name still finds it.
 */
export const customerChoice = (c: { customerId: number; customerName: string; route: number }) => ({
  value: String(c.customerId),
  label: i18n.t('picker.customerChoice', { name: c.customerName, route: c.route }),
});

/** The customers of one colony; disabled until a colony is chosen. */
export function CustomerSelect({
  colonyCode,
  value,
  onChange,
  activeOnly = false,
  defaultersOnly = false,
  label,
  ...rest
}: PickerProps & { colonyCode: string | null; activeOnly?: boolean; defaultersOnly?: boolean }) {
  const { t } = useTranslation();
  const customers = useColonyCustomers(colonyCode);
  const data = (customers.data ?? [])
    .filter((c) => (!activeOnly || c.disable === 0) && (!defaultersOnly || c.defaulter === 1))
    .map(customerChoice);
  return (
    <PickerSelect
      label={label ?? t('picker.customer')}
      placeholder={t('picker.selectCustomer')}
      clearable
      disabled={!colonyCode}
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t('picker.noCustomers')}
      {...rest}
    />
  );
}

/** Months January…December; the value is the month number 1-12 as text. */
export function MonthSelect({ value, onChange, label, ...rest }: PickerProps) {
  const { t } = useTranslation();
  const data = MONTHS.map((month) => ({ value: String(month), label: monthName(month) }));
  return (
    <PickerSelect
      label={label ?? t('picker.month')}
      placeholder={t('picker.selectMonth')}
      data={data}
      value={value}
      onChange={onChange}
      {...rest}
    />
  );
}

/** Years from this year (in the business time zone) back to 2000. */
export function YearSelect({ value, onChange, label, ...rest }: PickerProps) {
  const { t } = useTranslation();
  const thisYear = Number(useBusinessToday().slice(0, 4));
  const data = yearOptions(thisYear).map((y) => ({ value: String(y), label: String(y) }));
  return (
    <PickerSelect
      label={label ?? t('picker.year')}
      placeholder={t('picker.selectYear')}
      data={data}
      value={value}
      onChange={onChange}
      {...rest}
    />
  );
}

/** A list's colony and customer filters: another colony clears the customer. */
export function ColonyCustomerFilters({
  colony,
  customer,
  onChange,
  customerLabel,
  w,
}: {
  colony: string | null;
  customer: string | null;
  onChange: (next: { colony?: string | null; customer?: string | null }) => void;
  customerLabel?: string;
  w?: number;
}) {
  return (
    <>
      <ColonySelect value={colony} onChange={(value) => onChange({ colony: value, customer: null })} w={w} />
      <CustomerSelect
        label={customerLabel}
        colonyCode={colony}
        value={customer}
        onChange={(value) => onChange({ customer: value })}
        w={w}
      />
    </>
  );
}

/** A list's product code filter, named with the configured product label. */
export function ProductFilter({ value, onChange, ...rest }: PickerProps & { data: SelectProps['data'] }) {
  const label = useLabel();
  const { t } = useTranslation();
  return (
    <Select
      label={label('{product}')}
      placeholder={label(t('picker.selectProduct'))}
      searchable
      clearable
      allowDeselect={false}
      {...rest}
      value={value}
      onChange={onChange}
    />
  );
}
