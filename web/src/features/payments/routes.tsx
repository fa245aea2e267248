import type { RouteObject } from 'react-router';
import { GeneratePaymentPage } from './generate-payment-page';
import { PaymentDetailsPage } from './payment-details-page';
import { PaymentInfoPage } from './payment-info-page';
import { ReceivingPaymentsPage } from './receiving-payments-page';

export const routes: RouteObject[] = [
  { path: 'payments', element: <PaymentInfoPage /> },
  { path: 'payments/info', element: <PaymentInfoPage /> },
  { path: 'payments/add', element: <GeneratePaymentPage /> },
  { path: 'payments/receiving', element: <ReceivingPaymentsPage /> },
  { path: 'payments/details', element: <PaymentDetailsPage /> },
];
