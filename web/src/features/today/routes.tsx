import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const routes: RouteObject[] = [
  { path: paths.today, lazy: async () => ({ Component: (await import('./today-page')).TodayPage }) },
];
