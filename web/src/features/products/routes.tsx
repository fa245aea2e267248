import type { RouteObject } from 'react-router';
import { AddProductPage, UpdateProductPage } from './product-form-pages';
import { ProductListPage } from './product-list-page';

export const routes: RouteObject[] = [
  { path: 'products', element: <ProductListPage /> },
  { path: 'products/add', element: <AddProductPage /> },
  { path: 'products/update/:id', element: <UpdateProductPage /> },
];
