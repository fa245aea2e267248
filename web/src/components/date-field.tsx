import '@mantine/dates/styles.css';
import { DATE_RANGE, formatDate } from '@dairy/contract';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { type Control, Controller, type FieldPath, type FieldValues, type RegisterOptions } from 'react-hook-form';
import { parseDate } from '../lib/format';
import { confirmAction } from './confirm';

type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'
> & {
  /** `YYYY-MM-DD`; null or '' when empty. */
  value: string | null | undefined;
  onChange: (date: string | null) => void;
};

/**
 * The one date field of every screen (docs/rules.md section 23): the app's own, not the browser's,
 * so it reads dd/mm/yyyy in any browser language. A person types the date day first (23/11/2026,
 * 23-11-2026 or 23112026) or picks it from the calendar; dates outside 2000-2099 are not taken
 * (section 24). Emptying the text empties the value; `clearable` adds a × for optional filters.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      dateParser={parseDate}
      placeholder="dd/mm/yyyy"
      minDate={DATE_RANGE.first}
      maxDate={DATE_RANGE.last}
      allowDeselect
      // The calendar goes the moment the field is left, never lingering over the next control.
      popoverProps={{ transitionProps: { duration: 0 } }}
      {...props}
      value={value || null}
      onChange={onChange}
    />
  );
}

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

/** Generation dates further than this from today are asked about first (docs/rules.md section 24). */
const FAR_GENERATION_DAYS = 31;

/**
 * Runs `generate` for `date` at once when it lies within 31 days of `today`; otherwise first asks
 * in a confirm dialog naming the date, so a mistyped year makes no deliveries.
 */
export function confirmGenerationDate(date: string, today: string, generate: () => void | Promise<void>) {
  const days = Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);
  if (Math.abs(days) <= FAR_GENERATION_DAYS) return generate();
  const distance = `${Math.abs(days)} days ${days > 0 ? 'after' : 'before'} today`;
  confirmAction(`Generate transactions for ${formatDate(date)}? That is ${distance}.`, generate);
}
