import { Center, Loader } from '@mantine/core';
import { createHashRouter } from 'react-router';
import { routes as auditRoutes } from '../features/audit/routes';
import { routes as backupRoutes } from '../features/backups/routes';
import { routes as changeRoutes } from '../features/changes/routes';
import { routes as colonyRoutes } from '../features/colony/routes';
import { routes as combinationRoutes } from '../features/combination/routes';
import { routes as consumptionRoutes } from '../features/consumptions/routes';
import { routes as customerFileRoutes } from '../features/customer-file/routes';
import { routes as customerRoutes } from '../features/customers/routes';
import { routes as importRoutes } from '../features/import/routes';
import { routes as paymentRoutes } from '../features/payments/routes';
import { routes as productRoutes } from '../features/products/routes';
import { routes as reportRoutes } from '../features/reports/routes';
import { routes as settingsRoutes } from '../features/settings/routes';
import { routes as staffRoutes } from '../features/staff/routes';
import { routes as todayRoutes } from '../features/today/routes';
import { routes as transactionRoutes } from '../features/transactions/routes';
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
            ...todayRoutes,
            ...colonyRoutes,
            ...combinationRoutes,
            ...productRoutes,
            ...customerRoutes,
            ...customerFileRoutes,
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
