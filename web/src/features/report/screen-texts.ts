import { useTranslation } from 'react-i18next';
import { monthName } from '../../lib/i18n';
import { type SummaryWords, summaryWords } from './report-format';

/** "June 2026" with the month named in the language shown. */
export const shownMonthYear = (month: number, year: number) => `${monthName(month)} ${year}`;

/** The words of a monthly summary line in the language shown. */
export function useSummaryWords(): SummaryWords {
  const { t } = useTranslation();
  return summaryWords(t);
}
