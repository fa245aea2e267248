import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { AddColonyPage, UpdateColonyPage } from './colony-form-pages';
import { ColonyListPage } from './colony-list-page';

export const routes: RouteObject[] = [
  { path: paths.colonies, element: <ColonyListPage /> },
  { path: paths.addColony, element: <AddColonyPage /> },
  { path: paths.updateColony, element: <UpdateColonyPage /> },
];
