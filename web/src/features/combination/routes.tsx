import type { RouteObject } from 'react-router';
import { AddCombinationPage, UpdateCombinationPage } from './combination-form-pages';
import { CombinationListPage } from './combination-list-page';

export const routes: RouteObject[] = [
  { path: 'combinations', element: <CombinationListPage /> },
  { path: 'combinations/add', element: <AddCombinationPage /> },
  { path: 'combinations/update/:id', element: <UpdateCombinationPage /> },
];
