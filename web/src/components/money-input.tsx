import { money, type Paise } from '@dairy/contract';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { z } from 'zod';

/**
 * A rupee amount: two decimals, step 0.01, not negative unless `allowNegative`. What a person
 * types is never changed (no clamping to a minimum or maximum): a value out of range gets its
 * message beside the field from the form's schema, and nothing is sent.
 */
export function MoneyInput(props: NumberInputProps) {
  return <NumberInput step={0.01} decimalScale={2} allowNegative={false} clampBehavior="none" {...props} />;
}

/** A stored amount (paise) as a money field's starting value (rupees, as a person types them). */
export function moneyFieldValue(paise: Paise): number {
  return z.encode(money, paise);
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
