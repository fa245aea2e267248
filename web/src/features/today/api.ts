import {
  type GenerateAllTransactionsBody,
  type GenerateTransactionsBody,
  generateAllTransactionsResponse,
  generateTransactionsResponse,
  routeSheetResponse,
  todayResponse,
} from '@dairy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useInvalidatingMutation } from '../../lib/mutations';

const todayKeys = { day: (date: string) => ['today', date] as const };

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
const generationKeys = [['transactions'], ['today']];

export const useGenerateAll = () =>
  useInvalidatingMutation(generationKeys, (body: GenerateAllTransactionsBody) =>
    call.post('/transactions/generateAll', generateAllTransactionsResponse, body),
  );

export const useGenerateColony = () =>
  useInvalidatingMutation(generationKeys, (body: GenerateTransactionsBody) =>
    call.post('/transactions/generate', generateTransactionsResponse, body),
  );

/** A colony's route sheet of a date: what 'Print all route sheets' puts in the file. */
export const fetchRouteSheet = (colony: string, date: string) =>
  call.get('/today/sheet', routeSheetResponse, { colony, date });
