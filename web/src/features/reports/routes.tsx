import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { BalanceReportPage } from './balance-report-page';
import { DailyConsumptionsPage } from './daily-consumptions-page';
import { GenerateDefaultersPage } from './generate-defaulters-page';
import { MonthlyReportPage } from './monthly-report-page';

export const routes: RouteObject[] = [
  { path: paths.dailyReport, element: <DailyConsumptionsPage /> },
  { path: paths.balanceReport, element: <BalanceReportPage /> },
  { path: paths.monthlyReport, element: <MonthlyReportPage /> },
  { path: paths.generateDefaulters, element: <GenerateDefaultersPage /> },
];
