import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Each screen's code is fetched when it is first opened: the first screen loads only its own. */
export const routes: RouteObject[] = [
  { path: paths.products, lazy: async () => ({ Component: (await import('./product-list-page')).ProductListPage }) },
  { path: paths.addProduct, lazy: async () => ({ Component: (await import('./product-form-pages')).AddProductPage }) },
  {
    path: paths.updateProduct,
    lazy: async () => ({ Component: (await import('./product-form-pages')).UpdateProductPage }),
  },
];
