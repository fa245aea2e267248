import { useTranslation } from 'react-i18next';

/**
 * The 'Customer page' panel's texts (docs/rules.md section 19): Update User and the customer's file,
 * in the language shown (section 21).
 */
export function useCustomerPageTexts() {
  const { t } = useTranslation();
  const text = (key: string) => t(`customer.page.${key}`);
  return {
    title: text('title'),
    intro: text('intro'),
    noLink: text('noLink'),
    create: text('create'),
    renew: text('renew'),
    copy: text('copy'),
    send: text('send'),
    remove: t('records.delete'),
    link: text('link'),
    copied: text('copied'),
    copyFailed: text('copyFailed'),
    created: (when: string) => t('customer.page.created', { when }),
    lastOpened: (when: string) => t('customer.page.lastOpened', { when }),
    neverOpened: text('neverOpened'),
    noWhatsApp: text('noWhatsApp'),
    confirmRenew: text('confirmRenew'),
    confirmDelete: text('confirmDelete'),
    made: text('made'),
    deleted: text('deleted'),
    loadFailed: text('loadFailed'),
    saveFailed: text('saveFailed'),
    loading: t('common.loading'),
  };
}
