import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';
import { paths } from '../../lib/paths';

export const routes: RouteObject[] = [
  lazyScreen(paths.transactions, async () => (await import('./transaction-list-page')).TransactionListPage),
  lazyScreen(paths.singleTransaction, async () => (await import('./single-transaction-page')).SingleTransactionPage),
  lazyScreen(
    paths.generateTransactions,
    async () => (await import('./generate-transactions-page')).GenerateTransactionsPage,
  ),
  lazyScreen(
    paths.previewTransactions,
    async () => (await import('./preview-transactions-page')).PreviewTransactionsPage,
  ),
  lazyScreen(paths.routeSheet, async () => (await import('./route-sheet-page')).RouteSheetPage),
  lazyScreen(paths.updateTransaction, async () => (await import('./update-transaction-page')).UpdateTransactionPage),
];
