import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';
import { paths } from '../../lib/paths';

export const routes: RouteObject[] = [
  lazyScreen(paths.colonies, async () => (await import('./colony-list-page')).ColonyListPage),
  lazyScreen(paths.addColony, async () => (await import('./colony-form-pages')).AddColonyPage),
  lazyScreen(paths.updateColony, async () => (await import('./colony-form-pages')).UpdateColonyPage),
];
