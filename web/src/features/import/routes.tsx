import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { ImportPage } from './import-page';

export const routes: RouteObject[] = [{ path: paths.importCustomers, element: <ImportPage /> }];
