import '@mantine/dates/styles.css';
import { DATE_RANGE, formatDate } from '@dairy/contract';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { parseDate } from '../lib/format';
import { i18n } from '../lib/i18n';
import { confirmAction } from './confirm';

export type DateFieldProps = Omit<
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
  const { t, i18n: shown } = useTranslation();
  // The calendar's month and weekday names in the language shown (dayjs's locale, loaded with it).
  return (
    <DatesProvider settings={{ locale: shown.language }}>
      <DateInput
        valueFormat="DD/MM/YYYY"
        dateParser={parseDate}
        placeholder={t('common.datePlaceholder')}
        minDate={DATE_RANGE.first}
        maxDate={DATE_RANGE.last}
        allowDeselect
        // The calendar goes the moment the field is left, never lingering over the next control.
        popoverProps={{ transitionProps: { duration: 0 } }}
        {...props}
        value={value || null}
        onChange={onChange}
      />
    </DatesProvider>
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
  const question = days > 0 ? 'common.generateFarAfter' : 'common.generateFarBefore';
  confirmAction(i18n.t(question, { date: formatDate(date), days: Math.abs(days) }), generate);
}
