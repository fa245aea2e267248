import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/** A rupee amount: two decimals, step 0.01, not negative unless `allowNegative`. */
export function MoneyInput(props: NumberInputProps) {
  return <NumberInput step={0.01} decimalScale={2} allowNegative={false} {...props} />;
}

type MoneyFieldProps<T extends FieldValues> = Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  name: FieldPath<T>;
  control: Control<T>;
};

/** A MoneyInput bound to a react-hook-form field. */
export function MoneyField<T extends FieldValues>({ name, control, ...props }: MoneyFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <MoneyInput {...props} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
      )}
    />
  );
}
