import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';
import { paths } from '../../lib/paths';

export const routes: RouteObject[] = [
  lazyScreen(paths.consumptions, async () => (await import('./consumption-list-page')).ConsumptionListPage),
  lazyScreen(paths.addConsumption, async () => (await import('./consumption-form-pages')).AddConsumptionPage),
  lazyScreen(paths.updateConsumption, async () => (await import('./consumption-form-pages')).UpdateConsumptionPage),
];
