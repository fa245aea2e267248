import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';
import { paths } from '../../lib/paths';

export const routes: RouteObject[] = [
  lazyScreen(paths.payments, async () => (await import('./payment-info-page')).PaymentInfoPage),
  lazyScreen(paths.paymentInfo, async () => (await import('./payment-info-page')).PaymentInfoPage),
  lazyScreen(paths.generatePayments, async () => (await import('./generate-payment-page')).GeneratePaymentPage),
  lazyScreen(paths.receivingPayments, async () => (await import('./receiving-payments-page')).ReceivingPaymentsPage),
  lazyScreen(paths.collect, async () => (await import('./collect-page')).CollectPage),
  lazyScreen(paths.paymentDetails, async () => (await import('./payment-details-page')).PaymentDetailsPage),
];
