import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { AddProductPage, UpdateProductPage } from './product-form-pages';
import { ProductListPage } from './product-list-page';

export const routes: RouteObject[] = [
  { path: paths.products, element: <ProductListPage /> },
  { path: paths.addProduct, element: <AddProductPage /> },
  { path: paths.updateProduct, element: <UpdateProductPage /> },
];
