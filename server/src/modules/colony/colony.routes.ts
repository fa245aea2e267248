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
  msgResponse,
  pageQuery,
} from '@dairy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupRows } from '../../db/rows';
import { pageWindow, totalPages } from '../../domain/pagination';
import { visibleColonies } from '../../plugins/permissions';
import { routeSchema } from '../../route-schema';
import { allColonies, customersOfColonies, findColony, listColonies } from './colony.repo';
import { addColony, changeColony, requireColony, setColonyEnabled } from './colony.service';

export const colonyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/colony',
    routeSchema('colony', colonyListResponse, { querystring: pageQuery(COLONY_PAGE_SIZE) }),
    async (request) => {
      const { limit, offset } = request.query;
      const { rows, total } = await listColonies(app.db, pageWindow(offset, limit));
      return { rows: rows, totalPages: totalPages(total, limit) };
    },
  );

  app.post('/colony/add', routeSchema('colony', colonyAddResponse, { body: colonyAddBody }), async (request) => {
    const { code, name, charges } = request.body;
    const row = await addColony(app.db, { colonyCode: code, colonyName: name, charges });
    return { msg: colonyTexts.added, row };
  });

  app.post(
    '/colony/:action/:colonyCode',
    routeSchema('colony', msgResponse, { params: colonyActionParams }),
    async (request) => {
      const { action, colonyCode } = request.params;
      await setColonyEnabled(app.db, colonyCode, action);
      return { msg: action === 'disable' ? colonyTexts.disabledOk : colonyTexts.enabledOk };
    },
  );

  app.get(
    '/colony/update/:code',
    routeSchema('colony', colonyUpdateGetResponse, { params: colonyCodeParams }),
    async (request) => {
      return { rows: [await requireColony(app.db, request.params.code)] };
    },
  );

  app.put(
    '/colony/update/:code',
    routeSchema('colony', msgResponse, { params: colonyCodeParams, body: colonyUpdateBody }),
    async (request) => {
      const { name, charges, version } = request.body;
      await changeColony(app.db, request.params.code, { colonyName: name, charges, version });
      return { msg: colonyTexts.updated };
    },
  );

  app.get('/colony/api', routeSchema('colony', colonyApiResponse, { querystring: colonyApiQuery }), async (request) => {
    const { seeUser, colonyCode } = request.query;
    // One colony (and its customers) when named: a picker needs no other colony's customers.
    // A collector sees only their colonies (the permission table has checked a named one).
    const only = visibleColonies(request.user);
    const colonies = (
      colonyCode ? [await findColony(app.db, colonyCode)].filter((c) => c !== undefined) : await allColonies(app.db)
    ).filter((c) => !only || only.includes(c.colonyCode));
    if (seeUser !== 1) return { rows: colonies };
    const customers = await customersOfColonies(
      app.db,
      colonies.map((c) => c.colonyCode),
    );
    const byColony = groupRows(customers, (c) => c.colonyCode);
    return {
      rows: colonies.map((c) => ({
        ...c,
        Customers: (byColony.get(c.colonyCode) ?? []).map(({ colonyCode: _, ...customer }) => customer),
      })),
    };
  });
};
