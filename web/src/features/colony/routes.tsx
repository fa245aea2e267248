import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Each screen's code is fetched when it is first opened: the first screen loads only its own. */
export const routes: RouteObject[] = [
  { path: paths.colonies, lazy: async () => ({ Component: (await import('./colony-list-page')).ColonyListPage }) },
  { path: paths.addColony, lazy: async () => ({ Component: (await import('./colony-form-pages')).AddColonyPage }) },
  {
    path: paths.updateColony,
    lazy: async () => ({ Component: (await import('./colony-form-pages')).UpdateColonyPage }),
  },
];
