import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';
import { paths } from '../../lib/paths';

export const routes: RouteObject[] = [
  lazyScreen(paths.dashboard, async () => (await import('./dashboard-page')).DashboardPage),
];
