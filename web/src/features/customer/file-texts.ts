import { useTranslation } from 'react-i18next';
import { useLabel } from '../../lib/config';

/*
 * The texts of the customer's file (docs/rules.md section 23) in the language shown (section 21),
 * from the `customer.file` messages and the shared ones.
 */
export function useFileTexts() {
  const { t } = useTranslation();
  const label = useLabel();
  return {
    /** The title until the customer's name is read. */
    title: t('common.customer'),
    routeOf: (route: number) => t('customer.file.routeOf', { route }),
    loadFailed: t('customer.file.loadFailed'),
    contact: t('customer.file.contact'),
    phone: t('customer.file.phone'),
    address: t('common.address'),
    colony: t('picker.colony'),
    disabled: t('customer.file.disabled'),
    defaulter: t('customer.defaulter'),
    balanceNow: t('customer.file.balanceNow'),
    owes: (amount: string) => t('customer.file.owes', { amount }),
    credit: (amount: string) => t('customer.file.credit', { amount }),
    settled: t('customer.file.settled'),
    thisMonth: t('customer.file.thisMonth'),
    billOf: (period: string) => t('customer.file.billOf', { period }),
    notBilledYet: t('customer.file.notBilledYet'),
    productCharge: label(t('customer.file.productCharge')),
    serviceCharge: t('customer.file.serviceCharge'),
    previousBalance: t('customer.file.previousBalance'),
    paid: t('customer.file.paid'),
    balance: t('common.balance'),
    consumptions: t('customer.file.consumptions'),
    noConsumptions: t('customer.file.noConsumptions'),
    inactive: t('product.inactive'),
    changes: t('change.title'),
    bills: t('customer.file.bills'),
    noBills: t('customer.file.noBills'),
    receipts: t('customer.file.receipts'),
    noReceipts: t('customer.file.noReceipts'),
    receiptsFailed: t('customer.file.receiptsFailed'),
    billsFailed: t('customer.file.billsFailed'),
    month: t('picker.month'),
    total: t('common.total'),
    takenOn: t('customer.file.takenOn'),
    forMonth: t('customer.file.forMonth'),
    amount: t('common.amount'),
    by: t('customer.file.by'),
    refund: t('customer.file.refund'),
    actions: t('customer.file.actions'),
    receivePayment: t('customer.file.receivePayment'),
    pause: t('customer.file.pause'),
    customerPage: t('customer.page.title'),
    update: t('customer.updateTitle'),
  };
}
