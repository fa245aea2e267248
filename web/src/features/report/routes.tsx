import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';
import { paths } from '../../lib/paths';

export const routes: RouteObject[] = [
  lazyScreen(paths.dailyReport, async () => (await import('./daily-consumptions-page')).DailyConsumptionsPage),
  lazyScreen(paths.balanceReport, async () => (await import('./balance-report-page')).BalanceReportPage),
  lazyScreen(paths.monthlyReport, async () => (await import('./monthly-report-page')).MonthlyReportPage),
  lazyScreen(paths.generateDefaulters, async () => (await import('./generate-defaulters-page')).GenerateDefaultersPage),
];
