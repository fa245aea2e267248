import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { ChangesPage } from './changes-page';

export const routes: RouteObject[] = [{ path: paths.changes, element: <ChangesPage /> }];
