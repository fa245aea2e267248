import {
  COMBINATION_PAGE_SIZE,
  type CombinationAddBody,
  type CombinationUpdateBody,
  combinationAddResponse,
  combinationListResponse,
  combinationUpdateGetResponse,
  msgResponse,
} from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type CombinationAction = 'disable' | 'enable' | 'delete';

export const combinationKeys = {
  all: ['combination'] as const,
  list: (page: number) => ['combination', 'list', page] as const,
  one: (id: string) => ['combination', 'one', id] as const,
};

export function useCombinationList(page: number) {
  return useQuery({
    queryKey: combinationKeys.list(page),
    queryFn: () => call.get('/days', combinationListResponse, { limit: COMBINATION_PAGE_SIZE, offset: page }),
  });
}

export function useCombination(id: string) {
  return useQuery({
    queryKey: combinationKeys.one(id),
    queryFn: async () => (await call.get(`/days/update/${encodeURIComponent(id)}`, combinationUpdateGetResponse)).day,
  });
}

/** Disable, enable or delete: the spec makes these GETs. Every cached combination is reloaded after. */
export function useCombinationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: CombinationAction; id: number }) =>
      call.getAction(`/days/${action}/${id}`, msgResponse),
    onSettled: () => queryClient.invalidateQueries({ queryKey: combinationKeys.all }),
  });
}

export function useAddCombination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CombinationAddBody) => call.post('/days/add', combinationAddResponse, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: combinationKeys.all }),
  });
}

export function useUpdateCombination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CombinationUpdateBody) => call.post('/days/update', msgResponse, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: combinationKeys.all }),
  });
}
