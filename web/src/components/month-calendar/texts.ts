import { useTranslation } from 'react-i18next';

/** The month calendar's texts (the office's customer file) in the language shown (docs/rules.md section 21). */
export function useCalendarTexts() {
  const { t } = useTranslation();
  return {
    weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => t(`customer.file.weekdays.${day}`)),
    paused: t('customer.file.paused'),
    absent: t('customer.file.absent'),
    /** A quantity change still to come. */
    planned: t('customer.file.planned'),
  };
}
