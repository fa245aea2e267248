import {
  bulkDeleteResponse,
  CONSUMPTION_PAGE_SIZE,
  type Consumption,
  type ConsumptionAddBody,
  type ConsumptionListResponse,
  type ConsumptionUpdateBody,
  consumptionAddFormResponse,
  consumptionAddResponse,
  consumptionListResponse,
  consumptionUpdateGetResponse,
  fetchDaysResponse,
  fetchUsersResponse,
  msgResponse,
  type ProductCodeOption,
  productApiResponse,
} from '@dairy/contract';
import { useQuery } from '@tanstack/react-query';
import { call, everyPage, type PageWindow } from '../../lib/api';
import { useInvalidatingMutation, useRowPatchMutation } from '../../lib/mutations';
import { resourceKeys } from '../../lib/query-keys';

type ConsumptionFilter = {
  page: number;
  colonyCode: string | null;
  customerId: string | null;
  productCode: string | null;
};

export const consumptionKeys = resourceKeys<ConsumptionFilter>('consumption');

const fetchConsumptions = (filter: ConsumptionFilter, window: PageWindow) =>
  call.get('/consumptions', consumptionListResponse, {
    ...window,
    colonyCode: filter.colonyCode,
    customerId: filter.customerId,
    productName: filter.productCode,
  });

/** The list loads only once a colony or a product is chosen. */
export function useConsumptionList(filter: ConsumptionFilter) {
  return useQuery({
    queryKey: consumptionKeys.list(filter),
    enabled: Boolean(filter.colonyCode || filter.productCode),
    queryFn: () => fetchConsumptions(filter, { limit: CONSUMPTION_PAGE_SIZE, offset: filter.page }),
  });
}

/** Every consumption the list's filters choose, in the list's order. */
export const allConsumptions = (filter: ConsumptionFilter): Promise<Consumption[]> =>
  everyPage(
    (window) => fetchConsumptions(filter, window),
    (list) => list.consumptions,
  );

/** One entry per product code, for the list's filter. */
export function useProductCodeOptions() {
  return useQuery({
    queryKey: ['product', 'api'],
    queryFn: () => call.get('/product/api', productApiResponse),
    select: (data): ProductCodeOption[] => [
      ...new Map(
        data.rows.map((r) => [r.productCode, { productCode: r.productCode, productName: r.productName, unit: r.unit }]),
      ).values(),
    ],
  });
}

export type RowAction = 'disable' | 'enable' | 'delete' | 'status';

/** Disable, enable and status change update the row in place; a delete is reloaded by the page. */
export const useConsumptionAction = (filter: ConsumptionFilter) =>
  useRowPatchMutation(
    { page: consumptionKeys.list(filter), all: consumptionKeys.all },
    ({ action, id }: { action: RowAction; id: number }) =>
      action === 'status'
        ? call.getAction(`/consumptions/status/${id}`, msgResponse)
        : call.post(`/consumptions/${action}/${id}`, msgResponse),
    (list: ConsumptionListResponse, { action, id }): ConsumptionListResponse => ({
      ...list,
      consumptions: list.consumptions.map((c) => {
        if (c.consumptionId !== id || action === 'delete') return c;
        if (action === 'status') return { ...c, isActive: c.isActive === 1 ? 0 : 1 };
        return { ...c, disable: action === 'disable' ? 1 : 0 };
      }),
    }),
  );

export const useBulkDelete = () =>
  useInvalidatingMutation([consumptionKeys.all], (ids: number[]) =>
    call.delete('/consumptions/delete', bulkDeleteResponse, { ids }),
  );

export function useConsumptionAddForm() {
  return useQuery({
    queryKey: ['consumption', 'add-form'],
    queryFn: () => call.get('/consumptions/add', consumptionAddFormResponse),
  });
}

/** The enabled customers of one colony, asked for once a colony is chosen. */
export function useCustomersOfColony(colonyCode: string) {
  return useQuery({
    queryKey: ['customer', 'of-colony', colonyCode],
    enabled: colonyCode !== '',
    queryFn: async () => (await call.post('/fetch/users', fetchUsersResponse, { colonyId: colonyCode })).data,
  });
}

/** The combinations (with prices) a product code is offered on. */
export function useDaysOfProduct(code: string) {
  return useQuery({
    queryKey: ['product', 'days', code],
    enabled: code !== '',
    queryFn: async () => (await call.post('/fetch/days', fetchDaysResponse, { productId: code })).data,
  });
}

/** Read afresh each time the screen opens: the form keeps the version it started from. */
export function useConsumptionForUpdate(id: string) {
  return useQuery({
    queryKey: consumptionKeys.one(id),
    staleTime: 0,
    gcTime: 0,
    queryFn: () => call.get(`/consumptions/update/${encodeURIComponent(id)}`, consumptionUpdateGetResponse),
  });
}

export const useAddConsumption = () =>
  useInvalidatingMutation([consumptionKeys.all], (body: ConsumptionAddBody) =>
    call.post('/consumptions/add', consumptionAddResponse, body),
  );

export const useUpdateConsumption = () =>
  useInvalidatingMutation([consumptionKeys.all], (body: ConsumptionUpdateBody) =>
    call.post('/consumptions/update', msgResponse, body),
  );
