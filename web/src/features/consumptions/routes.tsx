import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Each screen's code is fetched when it is first opened: the first screen loads only its own. */
export const routes: RouteObject[] = [
  {
    path: paths.consumptions,
    lazy: async () => ({ Component: (await import('./consumption-list-page')).ConsumptionListPage }),
  },
  {
    path: paths.addConsumption,
    lazy: async () => ({ Component: (await import('./consumption-form-pages')).AddConsumptionPage }),
  },
  {
    path: paths.updateConsumption,
    lazy: async () => ({ Component: (await import('./consumption-form-pages')).UpdateConsumptionPage }),
  },
];
