import { type Hundredths, quantity as quantityCodec } from '@dairy/contract';
import { Text } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TypedNumberInput, type TypedNumberProps } from './money-input';

type QuantityFieldProps<T extends FieldValues> = Omit<TypedNumberProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** The product's unit, shown beside the number ('L'). */
  unit?: string | undefined;
};

/**
 * Units of a product, with the unit beside the number. What a person types is kept as typed (no
 * sign dropped, no rounding, see money-input.tsx): a value out of range gets its message from the
 * form's schema, and nothing is sent.
 */
export function QuantityField<T extends FieldValues>({ name, control, unit, label, ...props }: QuantityFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TypedNumberInput
          label={label ?? t('records.quantity')}
          rightSection={
            unit ? (
              <Text size="sm" c="dimmed">
                {unit}
              </Text>
            ) : undefined
          }
          rightSectionPointerEvents="none"
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

/** A stored quantity (hundredths) as a quantity field's starting value (units, as a person types them). */
export function quantityFieldValue(quantity: Hundredths): number {
  return z.encode(quantityCodec, quantity);
}
