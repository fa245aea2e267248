import {
  COLONY_PAGE_SIZE,
  type ColonyAddBody,
  type ColonyUpdateBody,
  colonyAddResponse,
  colonyListResponse,
  colonyUpdateGetResponse,
  msgResponse,
} from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api';

type ColonyList = z.output<typeof colonyListResponse>;

export const colonyKeys = {
  all: ['colony'] as const,
  list: (page: number) => ['colony', 'list', page] as const,
  one: (code: string) => ['colony', 'one', code] as const,
};

export function useColonyList(page: number) {
  return useQuery({
    queryKey: colonyKeys.list(page),
    queryFn: () => call.get('/colony', colonyListResponse, { limit: COLONY_PAGE_SIZE, offset: page }),
  });
}

export function useColony(code: string) {
  return useQuery({
    queryKey: colonyKeys.one(code),
    queryFn: async () =>
      (await call.get(`/colony/update/${encodeURIComponent(code)}`, colonyUpdateGetResponse)).rows[0]!,
  });
}

/** Disable or enable; the row is then updated in place in the cached page. */
export function useColonyAction(page: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, code }: { action: 'disable' | 'enable'; code: string }) =>
      call.post(`/colony/${action}/${encodeURIComponent(code)}`, msgResponse),
    onSuccess: (_data, { action, code }) => {
      queryClient.setQueryData<ColonyList>(
        colonyKeys.list(page),
        (list) =>
          list && {
            ...list,
            rows: list.rows.map((c) => (c.colonyCode === code ? { ...c, disable: action === 'disable' ? 1 : 0 } : c)),
          },
      );
      void queryClient.invalidateQueries({ queryKey: colonyKeys.all, refetchType: 'none' });
    },
  });
}

export function useAddColony() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ColonyAddBody) => call.post('/colony/add', colonyAddResponse, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: colonyKeys.all }),
  });
}

export function useUpdateColony(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ColonyUpdateBody) => call.put(`/colony/update/${encodeURIComponent(code)}`, msgResponse, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: colonyKeys.all }),
  });
}
