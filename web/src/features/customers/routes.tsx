import type { RouteObject } from 'react-router';
import { AddCustomerPage, UpdateCustomerPage } from './customer-form-pages';
import { CustomerListPage } from './customer-list-page';

/** All Customers is the home page. */
export const routes: RouteObject[] = [
  { index: true, element: <CustomerListPage /> },
  { path: 'customers/add', element: <AddCustomerPage /> },
  { path: 'customers/update/:id', element: <UpdateCustomerPage /> },
];
