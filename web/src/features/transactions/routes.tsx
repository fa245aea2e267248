import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { GenerateTransactionsPage } from './generate-transactions-page';
import { PreviewTransactionsPage } from './preview-transactions-page';
import { SingleTransactionPage } from './single-transaction-page';
import { TransactionListPage } from './transaction-list-page';
import { UpdateTransactionPage } from './update-transaction-page';

export const routes: RouteObject[] = [
  { path: paths.transactions, element: <TransactionListPage /> },
  { path: paths.singleTransaction, element: <SingleTransactionPage /> },
  { path: paths.generateTransactions, element: <GenerateTransactionsPage /> },
  { path: paths.previewTransactions, element: <PreviewTransactionsPage /> },
  { path: paths.updateTransaction, element: <UpdateTransactionPage /> },
];
