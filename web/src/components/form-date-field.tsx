import { type Control, Controller, type FieldPath, type FieldValues, type RegisterOptions } from 'react-hook-form';
import { DateField, type DateFieldProps } from './date-field';

// Apart from DateField, so a screen with a date filter and no form does not load the form library.

type FormDateFieldProps<T extends FieldValues> = Omit<DateFieldProps, 'value' | 'onChange' | 'name'> & {
  name: FieldPath<T>;
  control: Control<T>;
  rules?: Pick<RegisterOptions<T>, 'deps'>;
};

/** A DateField bound to a react-hook-form field holding `YYYY-MM-DD` ('' when empty). */
export function FormDateField<T extends FieldValues>({ name, control, rules, ...props }: FormDateFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      rules={rules}
      render={({ field }) => (
        <DateField
          {...props}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={(date) => field.onChange(date ?? '')}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
