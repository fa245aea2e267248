import {
  COLONY_PAGE_SIZE,
  type Colony,
  type ColonyAddBody,
  type ColonyListResponse,
  type ColonyUpdateBody,
  colonyAddResponse,
  colonyListResponse,
  colonyUpdateGetResponse,
  msgResponse,
} from '@dairy/contract';
import { useQuery } from '@tanstack/react-query';
import { call, everyPage, type PageWindow } from '../../lib/api';
import { useInvalidatingMutation, useRowPatchMutation } from '../../lib/mutations';
import { resourceKeys } from '../../lib/query-keys';

const colonyKeys = resourceKeys<number>('colony');

const fetchColonies = (window: PageWindow) => call.get('/colony', colonyListResponse, window);

export function useColonyList(page: number) {
  return useQuery({
    queryKey: colonyKeys.list(page),
    queryFn: () => fetchColonies({ limit: COLONY_PAGE_SIZE, offset: page }),
  });
}

/** Every colony, in the list's order. */
export const allColonies = (): Promise<Colony[]> => everyPage(fetchColonies, (list) => list.rows);

export function useColony(code: string) {
  return useQuery({
    queryKey: colonyKeys.one(code),
    queryFn: async () =>
      (await call.get(`/colony/update/${encodeURIComponent(code)}`, colonyUpdateGetResponse)).rows[0]!,
  });
}

/** Disable or enable; the row is then updated in place in the cached page. */
export const useColonyAction = (page: number) =>
  useRowPatchMutation(
    { page: colonyKeys.list(page), all: colonyKeys.all },
    ({ action, code }: { action: 'disable' | 'enable'; code: string }) =>
      call.post(`/colony/${action}/${encodeURIComponent(code)}`, msgResponse),
    (list: ColonyListResponse, { action, code }): ColonyListResponse => ({
      ...list,
      rows: list.rows.map((c) => (c.colonyCode === code ? { ...c, disable: action === 'disable' ? 1 : 0 } : c)),
    }),
  );

export const useAddColony = () =>
  useInvalidatingMutation([colonyKeys.all], (body: ColonyAddBody) => call.post('/colony/add', colonyAddResponse, body));

export const useUpdateColony = (code: string) =>
  useInvalidatingMutation([colonyKeys.all], (body: ColonyUpdateBody) =>
    call.put(`/colony/update/${encodeURIComponent(code)}`, msgResponse, body),
  );
