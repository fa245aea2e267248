import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { BackupsPage } from './backups-page';

export const routes: RouteObject[] = [{ path: paths.backups, element: <BackupsPage /> }];
