import {
  CUSTOMER_PAGE_SIZE,
  type CustomerAddBody,
  type CustomerListResponse,
  type CustomerUpdateBody,
  customerAddFormResponse,
  customerAddResponse,
  customerListResponse,
  customerUpdateGetResponse,
  msgResponse,
} from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The list's filters as the call sends them; absent ones are left out. */
export type CustomerFilter = {
  page: number;
  colonyCode: string | null;
  customerId: string | null;
  route: string | null;
  lastActive: string | null;
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
      call.get('/users', customerListResponse, {
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
      call.getAction(`/users/${action}/${customerId}`, msgResponse),
    onSuccess: (_data, { action, customerId }) => {
      queryClient.setQueryData<CustomerListResponse>(
        customerKeys.list(filter),
        (list) =>
          list && {
            ...list,
            rows: list.rows.map((c) =>
              c.customerId === customerId ? { ...c, disable: action === 'disable' ? 1 : 0 } : c,
            ),
          },
      );
      void queryClient.invalidateQueries({ queryKey: customerKeys.all, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['colony', 'api'] });
    },
  });
}

export function useCustomerAddForm() {
  return useQuery({
    queryKey: ['customer', 'add-form'],
    queryFn: () => call.get('/users/add', customerAddFormResponse),
  });
}

/** Read afresh each time the screen opens: the form keeps the version it started from. */
export function useCustomerForUpdate(id: string) {
  return useQuery({
    queryKey: customerKeys.one(id),
    staleTime: 0,
    gcTime: 0,
    queryFn: () => call.get(`/users/update/${encodeURIComponent(id)}`, customerUpdateGetResponse),
  });
}

/** A saved customer changes the lists and the pickers' customers. */
function useInvalidateCustomers() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['colony', 'api'] });
  };
}

export function useAddCustomer() {
  const onSuccess = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: CustomerAddBody) => call.post('/users/add', customerAddResponse, body),
    onSuccess,
  });
}

export function useUpdateCustomer() {
  const onSuccess = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: CustomerUpdateBody) => call.post('/users/update', msgResponse, body),
    onSuccess,
  });
}
