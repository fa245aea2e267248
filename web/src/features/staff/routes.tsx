import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { StaffPage } from './staff-page';

export const routes: RouteObject[] = [{ path: paths.staff, element: <StaffPage /> }];
