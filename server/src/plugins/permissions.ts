import { type Role, staffTexts } from '@dairy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../current-user';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { isApiCall } from './request-guard';

/*
 * Who may call what (docs/rules.md section 15): the one place that decides, by role and, for a
 * collector, by the colonies the call touches. One hook applies it to every route; a route not in
 * the table is for admins and operators only, so nothing new opens to a collector by accident.
 */

/** The colonies a call touches, found in its (validated) query, body or path. */
type Place =
  /** A colony named by code; undefined when the call names none (a list without its filter). */
  { colony: string | undefined } | { customers: number[] } | { transactions: number[] };

export interface Rule {
  /** Open without signing in (sign-in, config, health). */
  public?: true;
  roles?: readonly Role[];
  /** Where a collector's call works; a collector may call only rules that have it. */
  collector?: (request: FastifyRequest) => Place[];
  /** A collector's call without a colony lists their colonies (the handler restricts it). */
  unfilteredIsTheirs?: true;
  /** Whether the call (its body as sent) gives money back: the office's alone (docs/rules.md section 24). */
  refund?: (request: FastifyRequest) => boolean;
}

const ADMIN: readonly Role[] = ['admin'];
const OFFICE: readonly Role[] = ['admin', 'operator'];
const EVERYONE: readonly Role[] = ['admin', 'operator', 'collector'];

type Fields = Record<string, unknown>;
const query = (r: FastifyRequest) => (r.query ?? {}) as Fields;
const body = (r: FastifyRequest) => (r.body ?? {}) as Fields;
const params = (r: FastifyRequest) => (r.params ?? {}) as Fields;
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const ids = (v: unknown): number[] => (typeof v === 'number' ? [v] : []);
const idsIn = (list: unknown, field: string): number[] =>
  Array.isArray(list) ? list.flatMap((item) => ids((item as Fields | undefined)?.[field])) : [];

/** An amount as typed below zero: a negative number, or text with a minus sign before it. */
const negative = (v: unknown) =>
  (typeof v === 'number' && v < 0) || (typeof v === 'string' && v.trim().startsWith('-'));

const colonyIn = (from: (r: FastifyRequest) => Fields, field: string) => (r: FastifyRequest) => [
  { colony: text(from(r)[field]) },
];
const customerIn = (from: (r: FastifyRequest) => Fields, field: string) => (r: FastifyRequest) => [
  { customers: ids(from(r)[field]) },
];

/** Collector calls: the day's work of their colonies. */
const collectorCall = (collector: Rule['collector'], extra: Partial<Rule> = {}): Rule => ({
  roles: EVERYONE,
  collector,
  ...extra,
});

/** Method and route pattern (as registered, with /api) → who may call it. */
export const permissions: Record<string, Rule> = {
  'GET /api/health': { public: true },
  'GET /api/config': { public: true },
  'GET /api/auth/state': { public: true },
  'POST /api/auth/setup': { public: true },
  'POST /api/auth/login': { public: true },
  'POST /api/auth/logout': { public: true },
  // A person's own preference: it touches no colony and no record of the dairy.
  'PUT /api/auth/language': collectorCall(() => []),

  'GET /api/openapi.json': { roles: OFFICE },
  // The API's browsable page and its files (one entry for every route under /api/docs).
  'GET /api/docs': { roles: OFFICE },

  'GET /api/staff': { roles: ADMIN },
  'POST /api/staff': { roles: ADMIN },
  'PUT /api/staff/:userId': { roles: ADMIN },
  'POST /api/staff/:userId/password': { roles: ADMIN },
  'GET /api/audit': { roles: ADMIN },
  'GET /api/backups': { roles: ADMIN },
  'POST /api/backups': { roles: ADMIN },
  'GET /api/backups/:name': { roles: ADMIN },
  'GET /api/settings': { roles: ADMIN },
  'PUT /api/settings': { roles: ADMIN },

  'GET /api/colony': { roles: OFFICE },
  'POST /api/colony/add': { roles: OFFICE },
  'POST /api/colony/:action/:colonyCode': { roles: OFFICE },
  'GET /api/colony/update/:code': { roles: OFFICE },
  'PUT /api/colony/update/:code': { roles: OFFICE },
  'GET /api/colony/api': collectorCall(colonyIn(query, 'colonyCode'), { unfilteredIsTheirs: true }),

  'GET /api/days': { roles: OFFICE },
  'GET /api/days/:action/:combinationId': { roles: OFFICE },
  'POST /api/days/add': { roles: OFFICE },
  'GET /api/days/update/:id': { roles: OFFICE },
  'POST /api/days/update': { roles: OFFICE },

  'GET /api/product': { roles: OFFICE },
  'PATCH /api/product/updateActive/:productId': { roles: OFFICE },
  'GET /api/product/add': { roles: OFFICE },
  'POST /api/product/add': { roles: OFFICE },
  'GET /api/product/update/:id': { roles: OFFICE },
  'PUT /api/product/update/:id': { roles: OFFICE },
  'POST /api/product/price': { roles: OFFICE },
  'POST /api/product/price/preview': { roles: OFFICE },
  'GET /api/product/api': { roles: OFFICE },
  'POST /api/fetch/days': { roles: OFFICE },

  'GET /api/users': collectorCall(colonyIn(query, 'colonyCode')),
  'GET /api/users/:action/:customerId': { roles: OFFICE },
  'GET /api/users/add': { roles: OFFICE },
  'POST /api/users/add': { roles: OFFICE },
  'GET /api/users/update/:id': collectorCall(customerIn(params, 'id')),
  'POST /api/users/update': { roles: OFFICE },
  'POST /api/fetch/users': collectorCall(colonyIn(body, 'colonyId')),
  'POST /api/import/customers': { roles: OFFICE },
  'GET /api/overview': { roles: OFFICE },
  'GET /api/dashboard': { roles: OFFICE },

  'GET /api/consumptions': { roles: OFFICE },
  'POST /api/consumptions/:action/:id': { roles: OFFICE },
  'GET /api/consumptions/status/:id': { roles: OFFICE },
  'DELETE /api/consumptions/delete': { roles: OFFICE },
  'GET /api/consumptions/add': { roles: OFFICE },
  'POST /api/consumptions/add': { roles: OFFICE },
  'GET /api/consumptions/update/:id': { roles: OFFICE },
  'POST /api/consumptions/update': { roles: OFFICE },

  'GET /api/changes': { roles: OFFICE },
  'POST /api/changes': { roles: OFFICE },
  'PUT /api/changes/:changeId': { roles: OFFICE },
  'DELETE /api/changes/:changeId': { roles: OFFICE },

  'GET /api/today': collectorCall(() => [{ colony: undefined }], { unfilteredIsTheirs: true }),
  'GET /api/today/sheet': collectorCall(colonyIn(query, 'colony')),
  'GET /api/today/collection': collectorCall(colonyIn(query, 'colony')),
  'GET /api/transactions': collectorCall(colonyIn(query, 'colonyCode')),
  'POST /api/transactions/update/:id': collectorCall((r) => [{ transactions: ids(params(r).id) }]),
  'POST /api/transactions/attendance': collectorCall((r) => [
    { transactions: idsIn(body(r).changes, 'transactionId') },
  ]),
  'POST /api/transactions/delete/:id': { roles: OFFICE },
  'DELETE /api/transactions/delete': { roles: OFFICE },
  'GET /api/transactions/singletransaction': { roles: OFFICE },
  'POST /api/transactions/singletransaction': { roles: OFFICE },
  'GET /api/transactions/add': { roles: OFFICE },
  'POST /api/transactions/generate': { roles: OFFICE },
  'POST /api/transactions/generateAll': { roles: OFFICE },
  'GET /api/transactions/nexttransactionpreview': { roles: OFFICE },
  'GET /api/transactions/update/:id': { roles: OFFICE },
  'POST /api/transactions/update': { roles: OFFICE },

  'GET /api/payments': collectorCall(colonyIn(query, 'colonyCode')),
  'GET /api/payments/latestBill': collectorCall(colonyIn(query, 'colonyCode')),
  'GET /api/payments/totals': collectorCall(colonyIn(query, 'colonyCode')),
  'DELETE /api/payments/delete/:id': { roles: OFFICE },
  'DELETE /api/payments/delete': { roles: OFFICE },
  'GET /api/payments/generatePayments': { roles: OFFICE },
  'POST /api/payments/previewPayments': { roles: OFFICE },
  'POST /api/payments/generatePayments': { roles: OFFICE },
  'POST /api/payments/previewAll': { roles: OFFICE },
  'POST /api/payments/generateAll': { roles: OFFICE },
  'POST /api/payments/receivingPaymentsForm': collectorCall(customerIn(body, 'customerId')),
  'PATCH /api/payments/receivingPaymentsForm': collectorCall(customerIn(body, 'customerId'), {
    refund: (r) => body(r).paymentMode === 'negative' || negative(body(r).receivingPayment),
  }),
  'POST /api/payments/receiveMany': collectorCall((r) => [{ customers: idsIn(body(r).entries, 'customerId') }], {
    refund: (r) => {
      const entries = body(r).entries;
      return Array.isArray(entries) && entries.some((e) => negative((e as Fields | null)?.amount));
    },
  }),
  'GET /api/payments/paymentDetails': collectorCall(colonyIn(query, 'colony')),
  'GET /api/statement': collectorCall(customerIn(query, 'customerId')),
  'GET /api/statement/colony': collectorCall(colonyIn(query, 'colonyCode')),

  'GET /api/customers/search': collectorCall(() => [{ colony: undefined }], { unfilteredIsTheirs: true }),
  'GET /api/customers/:customerId/receipts': collectorCall(customerIn(params, 'customerId')),
  'GET /api/customer-links/:customerId': { roles: OFFICE },
  'POST /api/customer-links/:customerId': { roles: OFFICE },
  'DELETE /api/customer-links/:customerId': { roles: OFFICE },
  // The customer's page: the token in the path is the credential (docs/rules.md section 19).
  'GET /api/my/:token': { public: true },
  'GET /api/my/:token/statement': { public: true },
  'POST /api/my/:token/changes': { public: true },
  'PUT /api/my/:token/changes/:changeId': { public: true },
  'DELETE /api/my/:token/changes/:changeId': { public: true },

  'GET /api/reports': { roles: OFFICE },
  'GET /api/reports/noBalance': { roles: OFFICE },
  'POST /api/reports/filtered': { roles: OFFICE },
  'GET /api/payments/previewDefaulters': { roles: OFFICE },
  'POST /api/payments/generateDefaulters': { roles: OFFICE },
};

/** A route's entry in the table, if it has one. HEAD goes as its GET. */
export function ruleOf(method: string, url: string): Rule | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  if (url === '/api/docs' || url.startsWith('/api/docs/')) return permissions['GET /api/docs'];
  return permissions[`${verb} ${url}`];
}

/** Routes left out of the table are for the office only. */
const officeOnly: Rule = { roles: OFFICE };

const notAllowed = () => new AppError(403, staffTexts.notAllowed);

/**
 * The colonies whose records a call may show: a collector's own, or undefined (every colony) for
 * the other roles. Lists a collector may read without naming a colony restrict themselves to these.
 */
export function visibleColonies(user: SessionUser | null): string[] | undefined {
  return user?.role === 'collector' ? user.colonies : undefined;
}

/**
 * The lookups that lead from what a call names to its colonies. They are the modules' queries,
 * handed in where the app is built, so this plugin depends on no module.
 */
export interface PlaceLookups {
  /** The colony of a code as typed (any case), if there is one. */
  findColony(db: Db, code: string): Promise<{ colonyCode: string } | undefined>;
  /** The customers of these transactions (unknown ids left out). */
  transactionOwners(db: Db, ids: readonly number[]): Promise<{ customerId: number }[]>;
  /** The colony codes of these customers (unknown ids left out). */
  coloniesOfCustomers(db: Db, ids: readonly number[]): Promise<string[]>;
}

async function placeIsTheirs(
  db: Db,
  lookups: PlaceLookups,
  rule: Rule,
  place: Place,
  colonies: string[],
): Promise<boolean> {
  if ('colony' in place) {
    if (place.colony === undefined) return rule.unfilteredIsTheirs === true;
    const colony = await lookups.findColony(db, place.colony);
    return colony !== undefined && colonies.includes(colony.colonyCode);
  }
  const customers =
    'customers' in place
      ? place.customers
      : (await lookups.transactionOwners(db, place.transactions)).map((t) => t.customerId);
  // Unknown ids touch no colony: the call itself answers 404.
  return (await lookups.coloniesOfCustomers(db, customers)).every((code) => colonies.includes(code));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route registered, so tests can hold them against the table and the audit walk. */
    apiRoutes: { route: string; changesData: boolean }[];
  }
}

export function registerPermissions(app: FastifyInstance, lookups: PlaceLookups) {
  app.decorate('apiRoutes', [] as FastifyInstance['apiRoutes']);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!route.url.startsWith('/api/') || method === 'HEAD') continue;
      const changesData = method !== 'GET' || route.config?.changesData === true;
      app.apiRoutes.push({ route: `${method} ${route.url}`, changesData });
    }
  });
  // By role, on arrival (after the session check): a call the role may never make learns nothing.
  app.addHook('onRequest', async (request) => {
    // An address no route matches answers 404 as before.
    if (!isApiCall(request) || !request.user || request.routeOptions.url === undefined) return;
    const rule = ruleOf(request.method, request.routeOptions.url) ?? officeOnly;
    if (rule.public) return;
    if (!rule.roles?.includes(request.user.role)) throw notAllowed();
    if (request.user.role === 'collector' && !rule.collector) throw notAllowed();
  });
  // Refunds are the office's: a collector's negative receipt is refused as sent, before its
  // amount's own rules are read (docs/rules.md section 24).
  app.addHook('preValidation', async (request) => {
    if (!isApiCall(request) || request.user?.role !== 'collector') return;
    if (ruleOf(request.method, request.routeOptions.url ?? '')?.refund?.(request)) throw notAllowed();
  });
  // By colony, once the query, body and path are validated: a collector works in their colonies.
  app.addHook('preHandler', async (request) => {
    const user = request.user;
    if (!isApiCall(request) || user?.role !== 'collector') return;
    const rule = ruleOf(request.method, request.routeOptions.url ?? '');
    if (!rule?.collector || rule.public) return;
    for (const place of rule.collector(request))
      if (!(await placeIsTheirs(app.db, lookups, rule, place, user.colonies))) throw notAllowed();
  });
}
