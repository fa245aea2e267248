import { Center, Loader } from '@mantine/core';
import { createHashRouter } from 'react-router';
import { routes as auditRoutes } from '../features/audit/routes';
import { routes as backupRoutes } from '../features/backup/routes';
import { routes as changeRoutes } from '../features/change/routes';
import { routes as colonyRoutes } from '../features/colony/routes';
import { routes as combinationRoutes } from '../features/combination/routes';
import { routes as consumptionRoutes } from '../features/consumption/routes';
import { routes as customerRoutes } from '../features/customer/routes';
import { routes as dashboardRoutes } from '../features/dashboard/routes';
import { routes as importRoutes } from '../features/import/routes';
import { routes as paymentRoutes } from '../features/payment/routes';
import { routes as productRoutes } from '../features/product/routes';
import { routes as reportRoutes } from '../features/report/routes';
import { routes as settingsRoutes } from '../features/settings/routes';
import { routes as staffRoutes } from '../features/staff/routes';
import { routes as todayRoutes } from '../features/today/routes';
import { routes as transactionRoutes } from '../features/transaction/routes';
import { ErrorPage } from './error-page';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';

/** Every screen sits in the layout; each feature contributes its own routes. */
export function createRouter() {
  return createHashRouter([
    {
      path: '/',
      element: <Layout />,
      errorElement: <ErrorPage />,
      children: [
        {
          // A screen that fails to render shows the error page inside the layout, so the menu still works.
          errorElement: <ErrorPage />,
          // While the first screen's code loads, the bar shows over a loader.
          hydrateFallbackElement: (
            <Center py="lg">
              <Loader size="sm" aria-label="Loading" />
            </Center>
          ),
          children: [
            ...dashboardRoutes,
            ...todayRoutes,
            ...colonyRoutes,
            ...combinationRoutes,
            ...productRoutes,
            ...customerRoutes,
            ...consumptionRoutes,
            ...changeRoutes,
            ...transactionRoutes,
            ...paymentRoutes,
            ...reportRoutes,
            ...backupRoutes,
            ...importRoutes,
            ...settingsRoutes,
            ...staffRoutes,
            ...auditRoutes,
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
