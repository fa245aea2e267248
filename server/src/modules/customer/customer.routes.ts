import {
  customerActionParams,
  customerAddBody,
  customerAddFormResponse,
  customerAddResponse,
  customerListQuery,
  customerListResponse,
  customerTexts,
  customerUpdateBody,
  customerUpdateGetResponse,
  fetchUsersBody,
  fetchUsersResponse,
  idParams,
  msgResponse,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow, totalPages } from '../../domain/pagination';
import { routeSchema } from '../../route-schema';
import { requireColony } from '../colony/colony.service';
import { type CustomerRow, enabledCustomers } from './customer.repo';
import {
  addCustomer,
  changeCustomer,
  colonyChoices,
  customerPage,
  requireCustomer,
  setCustomerDisabled,
} from './customer.service';

/** A customer as the API shows it. */
const toApi = ({ colonyName, ...row }: CustomerRow) => ({ ...row, colony: { colonyName } });

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    routeSchema('customer', customerListResponse, { querystring: customerListQuery }),
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      const { rows, total } = await customerPage(app.db, filter, pageWindow(offset, limit));
      return { rows: rows.map(toApi), limit, page: offset, total, totalPages: totalPages(total, limit) };
    },
  );

  // State change by GET, as the spec has it; the request guard still demands the fetch header.
  app.get(
    '/users/:action/:customerId',
    { ...routeSchema('customer', msgResponse, { params: customerActionParams }), config: { changesData: true } },
    async (request) => {
      const { action, customerId } = request.params;
      await setCustomerDisabled(app.db, customerId, action === 'disable');
      return { msg: action === 'disable' ? customerTexts.disabledOk : customerTexts.enabledOk };
    },
  );

  app.get('/users/add', routeSchema('customer', customerAddFormResponse), async () => ({
    rows: await colonyChoices(app.db),
  }));

  app.post('/users/add', routeSchema('customer', customerAddResponse, { body: customerAddBody }), async (request) => {
    const { name, contactNumber, address, colony, route, due = 0, language } = request.body;
    const fields = { customerName: name, contactNumber, address, colony, route, due, language };
    const row = await addCustomer(app.db, fields);
    return { msg: customerTexts.added, row: toApi(row) };
  });

  app.get(
    '/users/update/:id',
    routeSchema('customer', customerUpdateGetResponse, { params: idParams }),
    async (request) => {
      const row = await requireCustomer(app.db, request.params.id);
      return { data: toApi(row), colonies: await colonyChoices(app.db, row.colonyCode) };
    },
  );

  app.post('/users/update', routeSchema('customer', msgResponse, { body: customerUpdateBody }), async (request) => {
    const { id, name, contactNumber, address, colony, route, defaulter, language, version } = request.body;
    await changeCustomer(app.db, id, {
      customerName: name,
      contactNumber,
      address,
      colony,
      route,
      defaulter,
      language,
      version,
    });
    return { msg: customerTexts.updated };
  });

  app.post('/fetch/users', routeSchema('customer', fetchUsersResponse, { body: fetchUsersBody }), async (request) => {
    const found = await requireColony(app.db, request.body.colonyId);
    return { data: await enabledCustomers(app.db, found.colonyCode) };
  });
};
