import type { RouteObject } from 'react-router';
import { AddConsumptionPage, UpdateConsumptionPage } from './consumption-form-pages';
import { ConsumptionListPage } from './consumption-list-page';

export const routes: RouteObject[] = [
  { path: 'consumptions', element: <ConsumptionListPage /> },
  { path: 'consumptions/add', element: <AddConsumptionPage /> },
  { path: 'consumptions/update/:id', element: <UpdateConsumptionPage /> },
];
