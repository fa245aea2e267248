import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/** Each screen's code is fetched when it is first opened: the first screen loads only its own. */
export const routes: RouteObject[] = [
  {
    path: paths.transactions,
    lazy: async () => ({ Component: (await import('./transaction-list-page')).TransactionListPage }),
  },
  {
    path: paths.singleTransaction,
    lazy: async () => ({ Component: (await import('./single-transaction-page')).SingleTransactionPage }),
  },
  {
    path: paths.generateTransactions,
    lazy: async () => ({ Component: (await import('./generate-transactions-page')).GenerateTransactionsPage }),
  },
  {
    path: paths.previewTransactions,
    lazy: async () => ({ Component: (await import('./preview-transactions-page')).PreviewTransactionsPage }),
  },
  { path: paths.routeSheet, lazy: async () => ({ Component: (await import('./route-sheet-page')).RouteSheetPage }) },
  {
    path: paths.updateTransaction,
    lazy: async () => ({ Component: (await import('./update-transaction-page')).UpdateTransactionPage }),
  },
];
