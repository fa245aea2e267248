import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';
import { paths } from '../../lib/paths';

export const routes: RouteObject[] = [
  lazyScreen(paths.products, async () => (await import('./product-list-page')).ProductListPage),
  lazyScreen(paths.addProduct, async () => (await import('./product-form-pages')).AddProductPage),
  lazyScreen(paths.updateProduct, async () => (await import('./product-form-pages')).UpdateProductPage),
];
