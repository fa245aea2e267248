import {
  COLONY_PAGE_SIZE,
  colonyActionParams,
  colonyAddBody,
  colonyAddResponse,
  colonyApiQuery,
  colonyApiResponse,
  colonyCodeParams,
  colonyListResponse,
  colonyTexts,
  colonyUpdateBody,
  colonyUpdateGetResponse,
  errorBody,
  msgResponse,
  pageQuery,
  toRupees,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow, totalPages } from '../../domain/pagination';
import { conflict, notFound } from '../../errors';
import {
  allColonies,
  type ColonyRow,
  customersOfAllColonies,
  findColony,
  insertColony,
  listColonies,
  updateColony,
} from './colony.repo';

const toApi = (row: ColonyRow) => ({ ...row, charges: toRupees(row.charges) });
const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

export const colonyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/colony',
    {
      schema: {
        tags: ['colony'],
        querystring: pageQuery(COLONY_PAGE_SIZE),
        response: { 200: colonyListResponse, ...errors },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { rows, total } = await listColonies(app.db, pageWindow(offset, limit));
      return { rows: rows.map(toApi), totalPages: totalPages(total, limit) };
    },
  );

  app.post(
    '/colony/add',
    { schema: { tags: ['colony'], body: colonyAddBody, response: { 200: colonyAddResponse, ...errors } } },
    async (request) => {
      const { code, name, charges } = request.body;
      // The unique index on lower(code) decides, so two operators adding at once cannot both win.
      const row = await insertColony(app.db, { colonyCode: code, colonyName: name, charges });
      if (!row) throw conflict(colonyTexts.duplicate);
      return { msg: 'Colony added successfully!', row: toApi(row) };
    },
  );

  app.post(
    '/colony/:action/:colonyCode',
    { schema: { tags: ['colony'], params: colonyActionParams, response: { 200: msgResponse, ...errors } } },
    async (request) => {
      const { action, colonyCode } = request.params;
      const existing = await findColony(app.db, colonyCode);
      if (!existing) throw notFound(colonyTexts.notFound);
      await updateColony(app.db, existing.colonyCode, { disable: action === 'disable' ? 1 : 0 });
      return { msg: action === 'disable' ? 'Colony disabled successfully!' : 'Colony enabled successfully!' };
    },
  );

  app.get(
    '/colony/update/:code',
    { schema: { tags: ['colony'], params: colonyCodeParams, response: { 200: colonyUpdateGetResponse, ...errors } } },
    async (request) => {
      const row = await findColony(app.db, request.params.code);
      if (!row) throw notFound(colonyTexts.notFound);
      return { rows: [toApi(row)] };
    },
  );

  app.put(
    '/colony/update/:code',
    {
      schema: {
        tags: ['colony'],
        params: colonyCodeParams,
        body: colonyUpdateBody,
        response: { 200: msgResponse, ...errors },
      },
    },
    async (request) => {
      const existing = await findColony(app.db, request.params.code);
      if (!existing) throw notFound(colonyTexts.notFound);
      await updateColony(app.db, existing.colonyCode, { colonyName: request.body.name, charges: request.body.charges });
      return { msg: 'Colony updated successfully!' };
    },
  );

  app.get(
    '/colony/api',
    { schema: { tags: ['colony'], querystring: colonyApiQuery, response: { 200: colonyApiResponse, ...errors } } },
    async (request) => {
      const colonies = await allColonies(app.db);
      if (request.query.seeUser !== 1) return { rows: colonies.map(toApi) };
      const byColony = new Map<
        string,
        { customerId: number; customerName: string; defaulter: 0 | 1; disable: 0 | 1 }[]
      >();
      for (const { colonyCode, ...customer } of await customersOfAllColonies(app.db)) {
        const list = byColony.get(colonyCode);
        if (list) list.push(customer);
        else byColony.set(colonyCode, [customer]);
      }
      return {
        rows: colonies.map((c) => ({
          ...toApi(c),
          Customers: byColony.get(c.colonyCode) ?? [],
        })),
      };
    },
  );
};
