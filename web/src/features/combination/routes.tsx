import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';
import { paths } from '../../lib/paths';

export const routes: RouteObject[] = [
  lazyScreen(paths.combinations, async () => (await import('./combination-list-page')).CombinationListPage),
  lazyScreen(paths.addCombination, async () => (await import('./combination-form-pages')).AddCombinationPage),
  lazyScreen(paths.updateCombination, async () => (await import('./combination-form-pages')).UpdateCombinationPage),
];
