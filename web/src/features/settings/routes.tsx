import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { SettingsPage } from './settings-page';

export const routes: RouteObject[] = [{ path: paths.settings, element: <SettingsPage /> }];
