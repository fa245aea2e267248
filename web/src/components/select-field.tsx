import { Select, type SelectProps } from '@mantine/core';
import {
  type Control,
  Controller,
  type FieldError,
  type FieldPath,
  type FieldValues,
  get,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../lib/config';

type SelectFieldProps<T extends FieldValues> = Omit<SelectProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** Runs after the field takes a new value (a picker that clears the one after it). */
  onPicked?: (value: string | null) => void;
};

/**
 * A picker bound to a react-hook-form field: searchable, and choosing the option already chosen
 * keeps it (only its × clears a clearable one).
 */
export function SelectField<T extends FieldValues>({ name, control, onPicked, ...props }: SelectFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Select
          searchable
          allowDeselect={false}
          {...props}
          name={field.name}
          value={field.value == null || field.value === '' ? null : String(field.value)}
          onChange={(value) => {
            field.onChange(value ?? '');
            onPicked?.(value);
          }}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

type Picker<T extends FieldValues> = Omit<SelectFieldProps<T>, 'control' | 'error'>;

type DependentSelectsProps<T extends FieldValues> = {
  form: UseFormReturn<T>;
  first: Picker<T>;
  second: Picker<T>;
  /** What the second field holds once cleared: '' or null, as the form keeps an empty choice. */
  cleared?: '' | null;
  /** Clearing the second field checks it again once the form was submitted. */
  revalidate?: boolean;
  /** The message beside a field; by default the form's own. */
  error?: (name: FieldPath<T>) => string | undefined;
};

/**
 * Two pickers where the second's options depend on the first (colony → customer, product → days):
 * the second waits for the first, and picking another first clears the second.
 */
export function DependentSelects<T extends FieldValues>({
  form,
  first,
  second,
  cleared = '',
  revalidate = false,
  error = (name) => (get(form.formState.errors, name) as FieldError | undefined)?.message,
}: DependentSelectsProps<T>) {
  const clearSecond = () =>
    form.setValue(
      second.name,
      cleared as PathValue<T, FieldPath<T>>,
      revalidate ? { shouldValidate: form.formState.isSubmitted } : undefined,
    );
  return (
    <>
      <SelectField
        {...first}
        control={form.control}
        onPicked={(value) => {
          clearSecond();
          first.onPicked?.(value);
        }}
        error={error(first.name)}
      />
      <SelectField {...second} control={form.control} disabled={!form.watch(first.name)} error={error(second.name)} />
    </>
  );
}

/** The product code picker and the days (product rows) it offers, as every form names them. */
export function ProductDaysSelects<T extends FieldValues>({
  products,
  days,
  clearLabel,
  ...props
}: Omit<DependentSelectsProps<T>, 'first' | 'second'> & {
  products: Omit<Picker<T>, 'label' | 'placeholder'>;
  days: Omit<Picker<T>, 'label' | 'placeholder'>;
  /** The product's × names itself for screen readers. */
  clearLabel?: boolean;
}) {
  const label = useLabel();
  const { t } = useTranslation();
  return (
    <DependentSelects
      {...props}
      first={{
        ...products,
        label: label('{product}'),
        placeholder: label(t('picker.selectProduct')),
        ...(clearLabel ? { clearable: true, clearButtonProps: { 'aria-label': label('Clear {product}') } } : {}),
      }}
      second={{ ...days, label: t('records.days'), placeholder: t('records.selectDays') }}
    />
  );
}
