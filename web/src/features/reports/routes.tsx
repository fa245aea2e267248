import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Each screen's code is fetched when it is first opened: the first screen loads only its own. */
export const routes: RouteObject[] = [
  {
    path: paths.dailyReport,
    lazy: async () => ({ Component: (await import('./daily-consumptions-page')).DailyConsumptionsPage }),
  },
  {
    path: paths.balanceReport,
    lazy: async () => ({ Component: (await import('./balance-report-page')).BalanceReportPage }),
  },
  {
    path: paths.monthlyReport,
    lazy: async () => ({ Component: (await import('./monthly-report-page')).MonthlyReportPage }),
  },
  {
    path: paths.generateDefaulters,
    lazy: async () => ({ Component: (await import('./generate-defaulters-page')).GenerateDefaultersPage }),
  },
];
