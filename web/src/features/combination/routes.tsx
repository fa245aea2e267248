import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Each screen's code is fetched when it is first opened: the first screen loads only its own. */
export const routes: RouteObject[] = [
  {
    path: paths.combinations,
    lazy: async () => ({ Component: (await import('./combination-list-page')).CombinationListPage }),
  },
  {
    path: paths.addCombination,
    lazy: async () => ({ Component: (await import('./combination-form-pages')).AddCombinationPage }),
  },
  {
    path: paths.updateCombination,
    lazy: async () => ({ Component: (await import('./combination-form-pages')).UpdateCombinationPage }),
  },
];
