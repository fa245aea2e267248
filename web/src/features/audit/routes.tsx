import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { AuditPage } from './audit-page';

export const routes: RouteObject[] = [{ path: paths.audit, element: <AuditPage /> }];
