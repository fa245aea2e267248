import { money, type Paise } from '@dairy/contract';
import { TextInput, type TextInputProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { z } from 'zod';

/*
 * Number fields never change what was typed (docs/rules.md section 23, 'No sign is ever dropped'):
 * a number input drops a minus sign, extra decimals or letters without a word, and '-50' became 50
 * received. These fields keep the text exactly as typed; the form's schema, the server's own, reads
 * it and says beside the field what is wrong, and nothing is sent until it passes.
 */

export type TypedNumberProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** As typed; a stored figure starts as its number. */
  value: string | number | null | undefined;
  onChange: (typed: string) => void;
};

/** A number field holding the text typed, with the phone's decimal keypad. */
export function TypedNumberInput({ value, onChange, ...props }: TypedNumberProps) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      {...props}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** A stored amount (paise) as a money field's starting value (rupees, as a person types them). */
export function moneyFieldValue(paise: Paise): number {
  return z.encode(money, paise);
}

type MoneyFieldProps<T extends FieldValues> = Omit<TypedNumberProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  name: FieldPath<T>;
  control: Control<T>;
};

/**
 * A rupee amount as typed, bound to a react-hook-form field; its rules (sign, 2 decimals, the
 * limit) are the form's schema's.
 */
export function MoneyField<T extends FieldValues>({ name, control, ...props }: MoneyFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TypedNumberInput
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
