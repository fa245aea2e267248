import { i18n } from './i18n';

/*
 * A combination's days are stored and sent in English ('Monday, Sunday', docs/rules.md section 3);
 * the screens show each day in the language shown (section 21).
 */

/** One day's name ('Monday', 'Weekly') in the language shown. */
export const dayName = (day: string): string => i18n.t(`days.${day}`, { defaultValue: day });

/** A combination's days ('Monday, Sunday') in the language shown. */
export const daysText = (days: string): string => days.split(', ').map(dayName).join(', ');
