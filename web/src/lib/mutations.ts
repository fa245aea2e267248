import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A call that changes data: once it succeeds, every cached query under `keys` reads again (the
 * answer waits for the ones on screen), so no list or form shows the record as it was.
 */
export function useInvalidatingMutation<TInput, TResult>(
  keys: readonly QueryKey[],
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/**
 * A row action whose outcome is known (disable, enable, a status): the row changes in place in the
 * page on screen, which keeps its order, and the resource's other cached queries (other pages,
 * update forms holding the old version) read again when next shown; `others` (queries of other
 * resources showing the row) read again at once.
 */
export function useRowPatchMutation<TInput, TResult, TList>(
  keys: { page: QueryKey; all: QueryKey; others?: QueryKey[] },
  mutationFn: (input: TInput) => Promise<TResult>,
  patch: (list: TList, input: TInput) => TList,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, input) => {
      queryClient.setQueryData<TList>(keys.page, (list) => list && patch(list, input));
      void queryClient.invalidateQueries({ queryKey: keys.all, refetchType: 'none' });
      for (const queryKey of keys.others ?? []) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
