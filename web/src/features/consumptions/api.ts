import {
  CONSUMPTION_PAGE_SIZE,
  type Consumption,
  type ConsumptionAddBody,
  type ConsumptionUpdateBody,
  type CustomerOption,
  type DayOption,
  type ProductCodeOption,
} from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

type ConsumptionList = { consumptions: Consumption[]; limit: number; page: number; total: number; totalPages: number };
export type ConsumptionFilter = {
  page: number;
  colonyCode: string | null;
  customerId: string | null;
  productCode: string | null;
};
type ColonyChoice = { colonyCode: string; colonyName: string };

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
      api.get<ConsumptionList>('/consumptions', {
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
    queryFn: () => api.get<{ rows: { productId: number; productCode: string; productName: string }[] }>('/product/api'),
    select: (data): ProductCodeOption[] => [
      ...new Map(
        data.rows.map((r) => [r.productCode, { productCode: r.productCode, productName: r.productName }]),
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
        ? api.getAction<{ msg: string }>(`/consumptions/status/${id}`)
        : api.post<{ msg: string }>(`/consumptions/${action}/${id}`),
    onSuccess: (_data, { action, id }) => {
      if (action === 'delete') return;
      queryClient.setQueryData<ConsumptionList>(
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
    },
  });
}

export function useBulkDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.delete<{ msg: string; deleted: number }>('/consumptions/delete', { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consumptionKeys.all }),
  });
}

export function useConsumptionAddForm() {
  return useQuery({
    queryKey: ['consumption', 'add-form'],
    queryFn: () =>
      api.get<{
        data: {
          colonies: ColonyChoice[];
          customers: CustomerOption[];
          products: ProductCodeOption[];
          days: { combinationId: number; combinationDays: string }[];
        };
      }>('/consumptions/add'),
  });
}

/** The enabled customers of one colony, asked for once a colony is chosen. */
export function useCustomersOfColony(colonyCode: string) {
  return useQuery({
    queryKey: ['customer', 'of-colony', colonyCode],
    enabled: colonyCode !== '',
    queryFn: () => api.post<{ data: CustomerOption[] }>('/fetch/users', { colonyId: colonyCode }),
  });
}

/** The combinations (with prices) a product code is offered on. */
export function useDaysOfProduct(code: string) {
  return useQuery({
    queryKey: ['product', 'days', code],
    enabled: code !== '',
    queryFn: () => api.post<{ data: DayOption[] }>('/fetch/days', { productId: code }),
  });
}

export function useConsumptionForUpdate(id: string) {
  return useQuery({
    queryKey: consumptionKeys.one(id),
    queryFn: () =>
      api.get<{
        consumption: Consumption;
        dropdownData: {
          colonies: ColonyChoice[];
          customers: CustomerOption[];
          products: ProductCodeOption[];
          days: DayOption[];
        };
      }>(`/consumptions/update/${encodeURIComponent(id)}`),
  });
}

function useSaveConsumption<T>(url: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api.post<{ msg: string }>(url, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consumptionKeys.all }),
  });
}

export const useAddConsumption = () => useSaveConsumption<ConsumptionAddBody>('/consumptions/add');
export const useUpdateConsumption = () => useSaveConsumption<ConsumptionUpdateBody>('/consumptions/update');
