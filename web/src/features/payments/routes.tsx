import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Each screen's code is fetched when it is first opened: the first screen loads only its own. */
export const routes: RouteObject[] = [
  { path: paths.payments, lazy: async () => ({ Component: (await import('./payment-info-page')).PaymentInfoPage }) },
  { path: paths.paymentInfo, lazy: async () => ({ Component: (await import('./payment-info-page')).PaymentInfoPage }) },
  {
    path: paths.generatePayments,
    lazy: async () => ({ Component: (await import('./generate-payment-page')).GeneratePaymentPage }),
  },
  {
    path: paths.receivingPayments,
    lazy: async () => ({ Component: (await import('./receiving-payments-page')).ReceivingPaymentsPage }),
  },
  { path: paths.collect, lazy: async () => ({ Component: (await import('./collect-page')).CollectPage }) },
  {
    path: paths.paymentDetails,
    lazy: async () => ({ Component: (await import('./payment-details-page')).PaymentDetailsPage }),
  },
];
