import { type ColonyOption, MONTH_NAMES } from '@dairy/contract';
import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { yearOptions } from '../lib/format';

type PickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (value: string | null) => void;
};

export const coloniesQuery = (seeUser: boolean) => ({
  queryKey: ['colony', 'api', { seeUser }],
  queryFn: () => api.get<{ rows: ColonyOption[] }>('/colony/api', seeUser ? { seeUser: 'true' } : undefined),
});

/** Colonies and, with `seeUser`, their customers: the data of the colony → customer pickers. */
export function useColonyOptions(seeUser = false) {
  return useQuery(coloniesQuery(seeUser));
}

/**
 * A searchable, clearable colony picker. `activeOnly` hides disabled colonies (forms that
 * create records); filters show them all.
 */
export function ColonySelect({
  value,
  onChange,
  activeOnly = false,
  label = 'Colony',
  ...rest
}: PickerProps & { activeOnly?: boolean }) {
  const colonies = useColonyOptions(false);
  const data = (colonies.data?.rows ?? [])
    .filter((c) => !activeOnly || c.disable === 0)
    .map((c) => ({ value: c.colonyCode, label: c.colonyName }));
  return (
    <Select
      label={label}
      placeholder="Select Colony"
      searchable
      clearable
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage="No colonies"
      {...rest}
    />
  );
}

/** The customers of one colony; disabled until a colony is chosen. */
export function CustomerSelect({
  colonyCode,
  value,
  onChange,
  activeOnly = false,
  defaultersOnly = false,
  label = 'Customer',
  ...rest
}: PickerProps & { colonyCode: string | null; activeOnly?: boolean; defaultersOnly?: boolean }) {
  const colonies = useColonyOptions(true);
  const customers = colonies.data?.rows.find((c) => c.colonyCode === colonyCode)?.Customers ?? [];
  const data = customers
    .filter((c) => (!activeOnly || c.disable === 0) && (!defaultersOnly || c.defaulter === 1))
    .map((c) => ({ value: String(c.customerId), label: c.customerName }));
  return (
    <Select
      label={label}
      placeholder="Select Customer"
      searchable
      clearable
      disabled={!colonyCode}
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage="No customers"
      {...rest}
    />
  );
}

// Choosing the month or year already chosen keeps it (Mantine's default would clear it);
// screens that allow clearing pass `clearable`.
/** Months January…December; the value is the month number 1-12 as text. */
export function MonthSelect({ value, onChange, label = 'Month', ...rest }: PickerProps) {
  const data = MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }));
  return (
    <Select
      label={label}
      placeholder="Select Month"
      allowDeselect={false}
      data={data}
      value={value}
      onChange={onChange}
      {...rest}
    />
  );
}

/** Years from this year back to 2000. */
export function YearSelect({ value, onChange, label = 'Year', ...rest }: PickerProps) {
  const data = yearOptions().map((y) => String(y));
  return (
    <Select
      label={label}
      placeholder="Select Year"
      allowDeselect={false}
      data={data}
      value={value}
      onChange={onChange}
      {...rest}
    />
  );
}
