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
  errorBody,
  fetchUsersBody,
  fetchUsersResponse,
  idParams,
  msgResponse,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { pageWindow, totalPages } from '../../domain/pagination';
import { notFound } from '../../errors';
import { findColony } from '../colony/colony.repo';
import { requireColony, requireEnabledColony } from '../colony/colony.service';
import {
  type CustomerRow,
  colonyChoices,
  enabledCustomers,
  findCustomer,
  insertCustomer,
  listCustomers,
  updateCustomer,
} from './customer.repo';

const toApi = ({ colonyName, ...row }: CustomerRow) => ({
  ...row,
  colony: { colonyName },
  paid: row.paid,
  due: row.due,
});
const toColonyOption = (row: Awaited<ReturnType<typeof colonyChoices>>[number]) => ({
  ...row,
  charges: row.charges,
});

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

/**
 * The colony a customer is put in: it must exist, and be enabled unless the customer is
 * already there. Returns its stored code (the request may differ in case).
 */
async function colonyForCustomer(db: Db, code: string, currentCode?: string) {
  return (await requireEnabledColony(db, code, { unless: currentCode })).colonyCode;
}

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['customer'],
        querystring: customerListQuery,
        response: { 200: customerListResponse, ...errors },
      },
    },
    async (request) => {
      const { limit, offset, colonyCode, ...filter } = request.query;
      // Codes are unique ignoring case: the stored code lets the list use its index.
      const colony = colonyCode ? await findColony(app.db, colonyCode) : undefined;
      if (colonyCode && !colony) return { rows: [], limit, page: offset, total: 0, totalPages: 0 };
      const { rows, total } = await listCustomers(
        app.db,
        { ...filter, colonyCode: colony?.colonyCode },
        pageWindow(offset, limit),
      );
      return { rows: rows.map(toApi), limit, page: offset, total, totalPages: totalPages(total, limit) };
    },
  );

  // State change by GET, as the spec has it; the request guard still demands the fetch header.
  app.get(
    '/users/:action/:customerId',
    {
      config: { changesData: true },
      schema: { tags: ['customer'], params: customerActionParams, response: { 200: msgResponse, ...errors } },
    },
    async (request) => {
      const { action, customerId } = request.params;
      if (!(await findCustomer(app.db, customerId))) throw notFound(customerTexts.notFound);
      await updateCustomer(app.db, customerId, { disable: action === 'disable' ? 1 : 0 });
      return { msg: action === 'disable' ? customerTexts.disabledOk : customerTexts.enabledOk };
    },
  );

  app.get(
    '/users/add',
    { schema: { tags: ['customer'], response: { 200: customerAddFormResponse, ...errors } } },
    async () => ({ rows: (await colonyChoices(app.db)).map(toColonyOption) }),
  );

  app.post(
    '/users/add',
    { schema: { tags: ['customer'], body: customerAddBody, response: { 200: customerAddResponse, ...errors } } },
    async (request) => {
      const { name, contactNumber, address, colony, route, due = 0 } = request.body;
      return app.db.transaction(async (tx) => {
        const colonyCode = await colonyForCustomer(tx, colony);
        // Nothing is billed or received yet: the balance is the opening balance.
        const id = await insertCustomer(tx, {
          customerName: name,
          contactNumber,
          address,
          colonyCode,
          route,
          openingBalance: due,
          due,
          paid: 0,
        });
        return { msg: customerTexts.added, row: toApi((await findCustomer(tx, id))!) };
      });
    },
  );

  app.get(
    '/users/update/:id',
    { schema: { tags: ['customer'], params: idParams, response: { 200: customerUpdateGetResponse, ...errors } } },
    async (request) => {
      const row = await findCustomer(app.db, request.params.id);
      if (!row) throw notFound(customerTexts.notFound);
      return { data: toApi(row), colonies: (await colonyChoices(app.db, row.colonyCode)).map(toColonyOption) };
    },
  );

  app.post(
    '/users/update',
    { schema: { tags: ['customer'], body: customerUpdateBody, response: { 200: msgResponse, ...errors } } },
    async (request) => {
      const { id, name, contactNumber, address, colony, route, defaulter } = request.body;
      return app.db.transaction(async (tx) => {
        const existing = await findCustomer(tx, id);
        if (!existing) throw notFound(customerTexts.notFound);
        const colonyCode = await colonyForCustomer(tx, colony, existing.colonyCode);
        await updateCustomer(tx, id, { customerName: name, contactNumber, address, colonyCode, route, defaulter });
        return { msg: customerTexts.updated };
      });
    },
  );

  app.post(
    '/fetch/users',
    { schema: { tags: ['customer'], body: fetchUsersBody, response: { 200: fetchUsersResponse, ...errors } } },
    async (request) => {
      const found = await requireColony(app.db, request.body.colonyId);
      return { data: await enabledCustomers(app.db, found.colonyCode) };
    },
  );
};
