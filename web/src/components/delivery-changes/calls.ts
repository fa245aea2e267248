import { CHANGE_PAGE_SIZE, type ChangeRow, changeListResponse, consumptionListResponse } from '@dairy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, everyPage, type PageWindow } from '../../lib/api';
import { useInvalidatingMutation } from '../../lib/mutations';
import { resourceKeys } from '../../lib/query-keys';

/*
 * Delivery changes (pauses and temporary quantities), shared by Pauses & Changes and Update User:
 * the calls. The list is table.tsx, the add/edit dialog dialog.tsx.
 */

export interface ChangesQuery {
  colonyCode?: string | null;
  customerId?: number | string | null;
  /** Current and upcoming from this date; null: every change. */
  activeOn: string | null;
  /** Changes listed beside the current and upcoming ones whatever their dates (those just saved). */
  keep?: readonly number[];
  /** Only the changes customers made through their page (docs/rules.md section 19). */
  byCustomer?: boolean;
  page: number;
}

const changeKeys = resourceKeys<ChangesQuery>('changes');

const fetchChanges = (query: ChangesQuery, window: PageWindow) =>
  call.get('/changes', changeListResponse, {
    ...window,
    colonyCode: query.colonyCode,
    customerId: query.customerId,
    activeOn: query.activeOn,
    keep: query.activeOn && query.keep?.length ? query.keep.join(',') : undefined,
    byCustomer: query.byCustomer ? 'true' : undefined,
  });

export function useChanges(query: ChangesQuery, enabled = true) {
  return useQuery({
    queryKey: changeKeys.list(query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () => fetchChanges(query, { limit: CHANGE_PAGE_SIZE, offset: query.page }),
  });
}

/** Every change the filters choose, in the list's order. */
export const allChanges = (query: ChangesQuery): Promise<ChangeRow[]> =>
  everyPage(
    (window) => fetchChanges(query, window),
    (list) => list.rows,
  );

/** A change corrects generated deliveries (and a customer's last delivery): those lists read again. */
export const useChangeMutation = <TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) =>
  useInvalidatingMutation([changeKeys.all, ['transactions'], ['customer']], mutationFn);

/** One customer's consumptions: what the dialog offers besides 'All'. */
export function useConsumptionsOf(customerId: string) {
  return useQuery({
    queryKey: ['consumption', 'of-customer', customerId],
    enabled: customerId !== '',
    queryFn: async () =>
      (await call.get('/consumptions', consumptionListResponse, { customerId, limit: 1000 })).consumptions,
  });
}
