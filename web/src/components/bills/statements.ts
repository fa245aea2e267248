import { colonyStatementsResponse, statementResponse } from '@dairy/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/*
 * Statements of a month (docs/rules.md section 14). Bills and messages are made from a statement
 * fetched when the person asks (`staleTime: 0`), so they always carry the figures as they are now;
 * the keys stay apart from the payment screens', so a receipt does not wait for them to reload.
 */
const statementKeys = {
  one: (customerId: number, month: number, year: number) => ['statement', customerId, month, year] as const,
  colony: (colonyCode: string, month: number, year: number) => ['statements', colonyCode, month, year] as const,
};

const statementQuery = (customerId: number, month: number, year: number) => ({
  queryKey: statementKeys.one(customerId, month, year),
  queryFn: () => call.get('/statement', statementResponse, { customerId, month, year }),
});

/** `fresh`: loaded again when the component mounts, whatever is cached (the balance after a receipt). */
export function useStatement(
  customerId: number | null,
  month: number | null,
  year: number | null,
  { fresh = false } = {},
) {
  return useQuery({
    ...statementQuery(customerId ?? 0, month ?? 0, year ?? 0),
    enabled: customerId !== null && month !== null && year !== null,
    refetchOnMount: fresh ? 'always' : true,
  });
}

export function fetchStatement(queryClient: QueryClient, customerId: number, month: number, year: number) {
  return queryClient.fetchQuery({ ...statementQuery(customerId, month, year), staleTime: 0 });
}

/** Every statement of the colony's bills of the month, in route order: one call for 'Print all bills'. */
export function fetchColonyStatements(queryClient: QueryClient, colonyCode: string, month: number, year: number) {
  return queryClient.fetchQuery({
    queryKey: statementKeys.colony(colonyCode, month, year),
    queryFn: () => call.get('/statement/colony', colonyStatementsResponse, { colonyCode, month, year }),
    staleTime: 0,
  });
}
