import {
  COMBINATION_PAGE_SIZE,
  type Combination,
  type CombinationAddBody,
  type CombinationUpdateBody,
  combinationAddResponse,
  combinationListResponse,
  combinationUpdateGetResponse,
  msgResponse,
} from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, everyPage, type PageWindow } from '../../lib/api';
import { useInvalidatingMutation } from '../../lib/mutations';
import { resourceKeys } from '../../lib/query-keys';

export type CombinationAction = 'disable' | 'enable' | 'delete';

const combinationKeys = resourceKeys<number>('combination');

const fetchCombinations = (window: PageWindow) => call.get('/days', combinationListResponse, window);

export function useCombinationList(page: number) {
  return useQuery({
    queryKey: combinationKeys.list(page),
    queryFn: () => fetchCombinations({ limit: COMBINATION_PAGE_SIZE, offset: page }),
  });
}

/** Every combination, in the list's order. */
export const allCombinations = (): Promise<Combination[]> => everyPage(fetchCombinations, (list) => list.rows);

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

export const useAddCombination = () =>
  useInvalidatingMutation([combinationKeys.all], (body: CombinationAddBody) =>
    call.post('/days/add', combinationAddResponse, body),
  );

export const useUpdateCombination = () =>
  useInvalidatingMutation([combinationKeys.all], (body: CombinationUpdateBody) =>
    call.post('/days/update', msgResponse, body),
  );
