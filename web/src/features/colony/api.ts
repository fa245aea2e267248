import { COLONY_PAGE_SIZE, type Colony, type ColonyAddBody, type ColonyUpdateBody } from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

type ColonyList = { rows: Colony[]; totalPages: number };

export const colonyKeys = {
  all: ['colony'] as const,
  list: (page: number) => ['colony', 'list', page] as const,
  one: (code: string) => ['colony', 'one', code] as const,
};

export function useColonyList(page: number) {
  return useQuery({
    queryKey: colonyKeys.list(page),
    queryFn: () => api.get<ColonyList>('/colony', { limit: COLONY_PAGE_SIZE, offset: page }),
  });
}

export function useColony(code: string) {
  return useQuery({
    queryKey: colonyKeys.one(code),
    queryFn: async () => (await api.get<{ rows: Colony[] }>(`/colony/update/${encodeURIComponent(code)}`)).rows[0]!,
  });
}

/** Disable or enable; the row is then updated in place in the cached page. */
export function useColonyAction(page: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, code }: { action: 'disable' | 'enable'; code: string }) =>
      api.post<{ msg: string }>(`/colony/${action}/${encodeURIComponent(code)}`),
    onSuccess: (_data, { action, code }) => {
      queryClient.setQueryData<ColonyList>(
        colonyKeys.list(page),
        (list) =>
          list && {
            ...list,
            rows: list.rows.map((c) => (c.colonyCode === code ? { ...c, disable: action === 'disable' ? 1 : 0 } : c)),
          },
      );
      void queryClient.invalidateQueries({ queryKey: ['colony', 'api'] });
    },
  });
}

export function useAddColony() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ColonyAddBody) => api.post<{ msg: string }>('/colony/add', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: colonyKeys.all }),
  });
}

export function useUpdateColony(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ColonyUpdateBody) =>
      api.put<{ msg: string }>(`/colony/update/${encodeURIComponent(code)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: colonyKeys.all }),
  });
}
