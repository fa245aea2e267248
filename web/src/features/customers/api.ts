import {
  type ColonyOption,
  CUSTOMER_PAGE_SIZE,
  type Customer,
  type CustomerAddBody,
  type CustomerUpdateBody,
} from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

type CustomerList = { rows: Customer[]; limit: number; page: number; total: number; totalPages: number };
export type CustomerFilter = {
  page: number;
  colonyCode: string | null;
  customerId: string | null;
  route: number | string;
  lastActive: string;
  defaulters: boolean;
};

export const customerKeys = {
  all: ['customer'] as const,
  list: (filter: CustomerFilter) => ['customer', 'list', filter] as const,
  one: (id: string) => ['customer', 'one', id] as const,
};

/** The list loads only once a colony is chosen. */
export function useCustomerList(filter: CustomerFilter) {
  return useQuery({
    queryKey: customerKeys.list(filter),
    enabled: Boolean(filter.colonyCode),
    queryFn: () =>
      api.get<CustomerList>('/users', {
        limit: CUSTOMER_PAGE_SIZE,
        offset: filter.page,
        colonyCode: filter.colonyCode,
        customerId: filter.customerId,
        route: filter.route,
        lastActive: filter.lastActive,
        defaulter: filter.defaulters ? 1 : undefined,
      }),
  });
}

/** Enable or disable; the row is then updated in place. */
export function useCustomerAction(filter: CustomerFilter) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, customerId }: { action: 'enable' | 'disable'; customerId: number }) =>
      api.getAction<{ msg: string }>(`/users/${action}/${customerId}`),
    onSuccess: (_data, { action, customerId }) => {
      queryClient.setQueryData<CustomerList>(
        customerKeys.list(filter),
        (list) =>
          list && {
            ...list,
            rows: list.rows.map((c) =>
              c.customerId === customerId ? { ...c, disable: action === 'disable' ? 1 : 0 } : c,
            ),
          },
      );
      void queryClient.invalidateQueries({ queryKey: ['colony', 'api'] });
    },
  });
}

export function useCustomerAddForm() {
  return useQuery({
    queryKey: ['customer', 'add-form'],
    queryFn: () => api.get<{ rows: ColonyOption[] }>('/users/add'),
  });
}

export function useCustomerForUpdate(id: string) {
  return useQuery({
    queryKey: customerKeys.one(id),
    queryFn: () => api.get<{ data: Customer; colonies: ColonyOption[] }>(`/users/update/${encodeURIComponent(id)}`),
  });
}

function useSaveCustomer<T>(url: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api.post<{ msg: string }>(url, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['colony', 'api'] });
    },
  });
}

export const useAddCustomer = () => useSaveCustomer<CustomerAddBody>('/users/add');
export const useUpdateCustomer = () => useSaveCustomer<CustomerUpdateBody>('/users/update');
