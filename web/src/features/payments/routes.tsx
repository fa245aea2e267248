import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { GeneratePaymentPage } from './generate-payment-page';
import { PaymentDetailsPage } from './payment-details-page';
import { PaymentInfoPage } from './payment-info-page';
import { ReceivingPaymentsPage } from './receiving-payments-page';

export const routes: RouteObject[] = [
  { path: paths.payments, element: <PaymentInfoPage /> },
  { path: paths.paymentInfo, element: <PaymentInfoPage /> },
  { path: paths.generatePayments, element: <GeneratePaymentPage /> },
  { path: paths.receivingPayments, element: <ReceivingPaymentsPage /> },
  { path: paths.paymentDetails, element: <PaymentDetailsPage /> },
];
