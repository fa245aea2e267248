import {
  type GenerateAllTransactionsBody,
  type GenerateTransactionsBody,
  generateAllTransactionsResponse,
  generateTransactionsResponse,
  todayResponse,
} from '@dairy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const todayKeys = { day: (date: string) => ['today', date] as const };

/** Today's figures of every enabled colony on `date`. */
export function useToday(date: string) {
  return useQuery({
    queryKey: todayKeys.day(date),
    queryFn: () => call.get('/today', todayResponse, { date }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A generation changes the day's figures and every transaction list. */
function useGeneration<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['transactions'] });
      await queryClient.invalidateQueries({ queryKey: ['today'] });
    },
  });
}

export const useGenerateAll = () =>
  useGeneration((body: GenerateAllTransactionsBody) =>
    call.post('/transactions/generateAll', generateAllTransactionsResponse, body),
  );

export const useGenerateColony = () =>
  useGeneration((body: GenerateTransactionsBody) =>
    call.post('/transactions/generate', generateTransactionsResponse, body),
  );
