import type { TFunction } from 'i18next';
import { currentLanguage, i18n } from '../i18n';
import type { FooterTexts } from './document';

/** The words of the person exporting: the `pdf` messages and the footer's. */
export interface StaffTexts {
  t: TFunction;
  footer: FooterTexts;
}

/**
 * The staff's PDFs (delivery sheets, reports) print in the language the person exporting sees
 * (docs/rules.md section 21), fixed when the export starts: the `pdf` section of the messages.
 */
export function staffTexts(): StaffTexts {
  const t = i18n.getFixedT(currentLanguage());
  return {
    t,
    footer: {
      printed: (date) => t('pdf.printed', { date }),
      page: (page, pages) => t('pdf.page', { page, pages }),
    },
  };
}
