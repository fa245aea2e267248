import {
  bulkDeleteResponse,
  CONSUMPTION_PAGE_SIZE,
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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type ConsumptionFilter = {
  page: number;
  colonyCode: string | null;
  customerId: string | null;
  productCode: string | null;
};

export const consumptionKeys = {
  all: ['consumption'] as const,
  list: (filter: ConsumptionFilter) => ['consumption', 'list', filter] as const,
  one: (id: string) => ['consumption', 'one', id] as const,
};

/** The list loads only once a colony or a product is chosen. */
export function useConsumptionList(filter: ConsumptionFilter) {
  return useQuery({
    queryKey: consumptionKeys.list(filter),
    enabled: Boolean(filter.colonyCode || filter.productCode),
    queryFn: () =>
      call.get('/consumptions', consumptionListResponse, {
        limit: CONSUMPTION_PAGE_SIZE,
        offset: filter.page,
        colonyCode: filter.colonyCode,
        customerId: filter.customerId,
        productName: filter.productCode,
      }),
  });
}

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
export function useConsumptionAction(filter: ConsumptionFilter) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: RowAction; id: number }) =>
      action === 'status'
        ? call.getAction(`/consumptions/status/${id}`, msgResponse)
        : call.post(`/consumptions/${action}/${id}`, msgResponse),
    onSuccess: (_data, { action, id }) => {
      if (action === 'delete') return;
      queryClient.setQueryData<ConsumptionListResponse>(
        consumptionKeys.list(filter),
        (list) =>
          list && {
            ...list,
            consumptions: list.consumptions.map((c) => {
              if (c.consumptionId !== id) return c;
              if (action === 'status') return { ...c, isActive: c.isActive === 1 ? 0 : 1 };
              return { ...c, disable: action === 'disable' ? 1 : 0 };
            }),
          },
      );
      // Other pages and the update screen read the record again.
      void queryClient.invalidateQueries({ queryKey: consumptionKeys.all, refetchType: 'none' });
    },
  });
}

export function useBulkDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call.delete('/consumptions/delete', bulkDeleteResponse, { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consumptionKeys.all }),
  });
}

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

export function useAddConsumption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsumptionAddBody) => call.post('/consumptions/add', consumptionAddResponse, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consumptionKeys.all }),
  });
}

export function useUpdateConsumption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsumptionUpdateBody) => call.post('/consumptions/update', msgResponse, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consumptionKeys.all }),
  });
}
