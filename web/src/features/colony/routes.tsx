import type { RouteObject } from 'react-router';
import { AddColonyPage, UpdateColonyPage } from './colony-form-pages';
import { ColonyListPage } from './colony-list-page';

export const routes: RouteObject[] = [
  { path: 'ShowColony', element: <ColonyListPage /> },
  { path: 'AddColony', element: <AddColonyPage /> },
  { path: 'colony/update/:code', element: <UpdateColonyPage /> },
];
