import type { RouteObject } from 'react-router';
import { GenerateTransactionsPage } from './generate-transactions-page';
import { PreviewTransactionsPage } from './preview-transactions-page';
import { SingleTransactionPage } from './single-transaction-page';
import { TransactionListPage } from './transaction-list-page';
import { UpdateTransactionPage } from './update-transaction-page';

export const routes: RouteObject[] = [
  { path: 'transactions', element: <TransactionListPage /> },
  { path: 'transactions/singletransaction', element: <SingleTransactionPage /> },
  { path: 'transactions/add', element: <GenerateTransactionsPage /> },
  { path: 'transactions/dailyTransactions', element: <PreviewTransactionsPage /> },
  { path: 'transactions/update/:id', element: <UpdateTransactionPage /> },
];
