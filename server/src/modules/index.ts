import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { backupRoutes } from './backup/backup.routes';
import { changeRoutes } from './change/change.routes';
import { colonyRoutes } from './colony/colony.routes';
import { combinationRoutes } from './combination/combination.routes';
import { consumptionRoutes } from './consumption/consumption.routes';
import { customerRoutes } from './customer/customer.routes';
import { customerLinkRoutes } from './customer-link/customer-link.routes';
import { customerReceiptsRoutes } from './customer-receipts/customer-receipts.routes';
import { customerSearchRoutes } from './customer-search/customer-search.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { importRoutes } from './import/import.routes';
import { myRoutes } from './my/my.routes';
import { overviewRoutes } from './overview/overview.routes';
import { paymentRoutes } from './payment/payment.routes';
import { productRoutes } from './product/product.routes';
import { reportRoutes } from './report/report.routes';
import { settingsRoutes } from './settings/settings.routes';
import { staffRoutes } from './staff/staff.routes';
import { statementRoutes } from './statement/statement.routes';
import { systemRoutes } from './system/system.routes';
import { todayRoutes } from './today/today.routes';
import { transactionRoutes } from './transaction/transaction.routes';

/** Every /api module, registered under the /api prefix by buildApp. */
export const apiModules: FastifyPluginAsyncZod[] = [
  systemRoutes,
  authRoutes,
  colonyRoutes,
  combinationRoutes,
  productRoutes,
  customerRoutes,
  consumptionRoutes,
  changeRoutes,
  todayRoutes,
  transactionRoutes,
  paymentRoutes,
  reportRoutes,
  overviewRoutes,
  dashboardRoutes,
  backupRoutes,
  importRoutes,
  settingsRoutes,
  statementRoutes,
  staffRoutes,
  auditRoutes,
  customerLinkRoutes,
  customerSearchRoutes,
  customerReceiptsRoutes,
  myRoutes,
];
