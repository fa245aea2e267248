import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

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
