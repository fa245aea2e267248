import type { AgeingBucket } from '@dairy/contract';
import { useTranslation } from 'react-i18next';

/**
 * Every text of the Dashboard (docs/rules.md section 22) in the language shown; the messages are
 * under `dashboard` in web/src/locales, the English ones the names the rules give.
 */
export function useDashboardTexts() {
  const { t } = useTranslation();
  return {
    title: t('dashboard.title'),
    loadFailed: t('dashboard.loadFailed'),
    month: t('dashboard.month'),
    year: t('dashboard.year'),

    // The cards.
    delivered: (productName: string) => t('dashboard.delivered', { product: productName }),
    nothingDelivered: t('dashboard.nothingDelivered'),
    billed: t('dashboard.billed'),
    collected: t('dashboard.collected'),
    outstanding: t('dashboard.outstanding'),
    customersDelivered: t('dashboard.customersDelivered'),
    customersStarted: t('dashboard.customersStarted'),
    customersStopped: t('dashboard.customersStopped'),

    // The charts, each with its table.
    daily: t('dashboard.daily'),
    months: t('dashboard.months'),
    ageing: t('dashboard.ageing'),
    colonies: t('dashboard.colonies'),
    topDues: t('dashboard.topDues'),
    nothingYet: t('dashboard.nothingYet'),
    noDues: t('dashboard.noDues'),

    // The tables' columns (and the files' headers).
    date: t('dashboard.date'),
    total: t('dashboard.total'),
    monthColumn: t('dashboard.month'),
    days: t('dashboard.days'),
    bucket: (bucket: AgeingBucket) =>
      bucket === '90+' ? t('dashboard.over90') : t('dashboard.bucketDays', { bucket }),
    customers: t('dashboard.customers'),
    amount: t('dashboard.amount'),
    colonyCode: t('dashboard.colonyCode'),
    colonyName: t('dashboard.colonyName'),
    rate: t('dashboard.rate'),
    ratePercent: t('dashboard.ratePercent'),
    customerName: t('dashboard.customerName'),
    route: t('dashboard.route'),
    due: t('dashboard.due'),
    noRate: t('dashboard.noRate'),
    /** The link of a due, to that customer's Receiving Payments. */
    receiveFrom: (customerName: string) => t('dashboard.receiveFrom', { name: customerName }),
  };
}
