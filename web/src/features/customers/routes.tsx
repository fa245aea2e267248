import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** All Customers is the home page. Each screen's code is fetched when it is first opened. */
export const routes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./customer-list-page')).CustomerListPage }) },
  {
    path: paths.addCustomer,
    lazy: async () => ({ Component: (await import('./customer-form-pages')).AddCustomerPage }),
  },
  {
    path: paths.updateCustomer,
    lazy: async () => ({ Component: (await import('./customer-form-pages')).UpdateCustomerPage }),
  },
];
