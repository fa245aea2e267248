import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';
import { paths } from '../../lib/paths';

/** The customer's file, fetched when first opened. */
export const routes: RouteObject[] = [
  lazyScreen(paths.customerFile, async () => (await import('./customer-file-page')).CustomerFilePage),
];
