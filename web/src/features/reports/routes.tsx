import type { RouteObject } from 'react-router';
import { BalanceReportPage } from './balance-report-page';
import { DailyConsumptionsPage } from './daily-consumptions-page';
import { GenerateDefaultersPage } from './generate-defaulters-page';
import { MonthlyReportPage } from './monthly-report-page';

export const routes: RouteObject[] = [
  { path: 'report', element: <DailyConsumptionsPage /> },
  { path: 'report/balance', element: <BalanceReportPage /> },
  { path: 'report/monthly', element: <MonthlyReportPage /> },
  { path: 'report/genrate-defaulters', element: <GenerateDefaultersPage /> },
];
