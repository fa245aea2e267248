import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { AddConsumptionPage, UpdateConsumptionPage } from './consumption-form-pages';
import { ConsumptionListPage } from './consumption-list-page';

export const routes: RouteObject[] = [
  { path: paths.consumptions, element: <ConsumptionListPage /> },
  { path: paths.addConsumption, element: <AddConsumptionPage /> },
  { path: paths.updateConsumption, element: <UpdateConsumptionPage /> },
];
