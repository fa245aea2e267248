import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { AddCustomerPage, UpdateCustomerPage } from './customer-form-pages';
import { CustomerListPage } from './customer-list-page';

/** All Customers is the home page. */
export const routes: RouteObject[] = [
  { index: true, element: <CustomerListPage /> },
  { path: paths.addCustomer, element: <AddCustomerPage /> },
  { path: paths.updateCustomer, element: <UpdateCustomerPage /> },
];
