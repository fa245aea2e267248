import {
  COMBINATION_PAGE_SIZE,
  type Combination,
  type CombinationAddBody,
  type CombinationUpdateBody,
} from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

type CombinationList = { rows: Combination[]; totalPages: number };
export type CombinationAction = 'disable' | 'enable' | 'delete';

export const combinationKeys = {
  all: ['combination'] as const,
  list: (page: number) => ['combination', 'list', page] as const,
  one: (id: string) => ['combination', 'one', id] as const,
};

export function useCombinationList(page: number) {
  return useQuery({
    queryKey: combinationKeys.list(page),
    queryFn: () => api.get<CombinationList>('/days', { limit: COMBINATION_PAGE_SIZE, offset: page }),
  });
}

export function useCombination(id: string) {
  return useQuery({
    queryKey: combinationKeys.one(id),
    queryFn: async () => (await api.get<{ day: Combination }>(`/days/update/${encodeURIComponent(id)}`)).day,
  });
}

/** Disable, enable or delete: the spec makes these GETs. Every cached combination is reloaded after. */
export function useCombinationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: CombinationAction; id: number }) =>
      api.getAction<{ msg: string }>(`/days/${action}/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: combinationKeys.all }),
  });
}

export function useAddCombination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CombinationAddBody) => api.post<{ msg: string }>('/days/add', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: combinationKeys.all }),
  });
}

export function useUpdateCombination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CombinationUpdateBody) => api.post<{ msg: string }>('/days/update', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: combinationKeys.all }),
  });
}
