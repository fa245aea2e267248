import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { AddCombinationPage, UpdateCombinationPage } from './combination-form-pages';
import { CombinationListPage } from './combination-list-page';

export const routes: RouteObject[] = [
  { path: paths.combinations, element: <CombinationListPage /> },
  { path: paths.addCombination, element: <AddCombinationPage /> },
  { path: paths.updateCombination, element: <UpdateCombinationPage /> },
];
