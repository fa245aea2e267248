import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';
import { paths } from '../../lib/paths';

/** All Customers is the home page. Each screen's code is fetched when it is first opened. */
export const routes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./customer-list-page')).CustomerListPage }) },
  lazyScreen(paths.addCustomer, async () => (await import('./customer-form-pages')).AddCustomerPage),
  lazyScreen(paths.updateCustomer, async () => (await import('./customer-form-pages')).UpdateCustomerPage),
  lazyScreen(paths.customerFile, async () => (await import('./customer-file-page')).CustomerFilePage),
];
