import { type Hundredths, quantity as quantityCodec } from '@dairy/contract';
import { NumberInput, type NumberInputProps, Text } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { z } from 'zod';

type QuantityFieldProps<T extends FieldValues> = Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** The product's unit, shown beside the number ('L'). */
  unit?: string | undefined;
};

/**
 * Units of a product, with the unit beside the number. What a person types is never changed (no
 * clamping or rounding): a value out of range gets its message from the form's schema, and
 * nothing is sent.
 */
export function QuantityField<T extends FieldValues>({
  name,
  control,
  unit,
  label = 'Quantity',
  ...props
}: QuantityFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <NumberInput
          label={label}
          step={0.5}
          allowNegative={false}
          clampBehavior="none"
          hideControls
          rightSection={
            unit ? (
              <Text size="sm" c="dimmed">
                {unit}
              </Text>
            ) : undefined
          }
          rightSectionPointerEvents="none"
          {...props}
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
