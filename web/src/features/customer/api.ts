import {
  addMonths,
  CUSTOMER_PAGE_SIZE,
  type Customer,
  type CustomerAddBody,
  type CustomerListResponse,
  type CustomerUpdateBody,
  customerAddFormResponse,
  customerAddResponse,
  customerListResponse,
  customerReceiptsResponse,
  customerUpdateGetResponse,
  msgResponse,
  overviewResponse,
  paymentDetailsResponse,
  toZeroBasedMonth,
} from '@dairy/contract';
import { useQuery } from '@tanstack/react-query';
import { coloniesQuery } from '../../components/pickers';
import { call, everyPage, type PageWindow } from '../../lib/api';
import { useInvalidatingMutation, useRowPatchMutation } from '../../lib/mutations';
import { resourceKeys } from '../../lib/query-keys';

/** The list's filters as the call sends them; absent ones are left out. */
type CustomerFilter = {
  page: number;
  colonyCode: string | null;
  customerId: string | null;
  route: string | null;
  lastActive: string | null;
  defaulters: boolean;
};

/** The colony and customer pickers show customers too. */
const pickerKey = coloniesQuery.queryKey;

const customerKeys = resourceKeys<CustomerFilter>('customer');

const fetchCustomers = (filter: CustomerFilter, window: PageWindow) =>
  call.get('/users', customerListResponse, {
    ...window,
    colonyCode: filter.colonyCode,
    customerId: filter.customerId,
    route: filter.route,
    lastActive: filter.lastActive,
    defaulter: filter.defaulters ? 1 : undefined,
  });

/** The list loads only once a colony is chosen. */
export function useCustomerList(filter: CustomerFilter) {
  return useQuery({
    queryKey: customerKeys.list(filter),
    enabled: Boolean(filter.colonyCode),
    queryFn: () => fetchCustomers(filter, { limit: CUSTOMER_PAGE_SIZE, offset: filter.page }),
  });
}

/** Every customer the list's filters choose, in the list's order. */
export const allCustomers = (filter: CustomerFilter): Promise<Customer[]> =>
  everyPage(
    (window) => fetchCustomers(filter, window),
    (list) => list.rows,
  );

/** Enable or disable; the row is then updated in place, and the pickers read their customers again. */
export const useCustomerAction = (filter: CustomerFilter) =>
  useRowPatchMutation(
    { page: customerKeys.list(filter), all: customerKeys.all, others: [pickerKey] },
    ({ action, customerId }: { action: 'enable' | 'disable'; customerId: number }) =>
      call.getAction(`/users/${action}/${customerId}`, msgResponse),
    (list: CustomerListResponse, { action, customerId }): CustomerListResponse => ({
      ...list,
      rows: list.rows.map((c) => (c.customerId === customerId ? { ...c, disable: action === 'disable' ? 1 : 0 } : c)),
    }),
  );

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
export const useAddCustomer = () =>
  useInvalidatingMutation([customerKeys.all, pickerKey], (body: CustomerAddBody) =>
    call.post('/users/add', customerAddResponse, body),
  );

export const useUpdateCustomer = () =>
  useInvalidatingMutation([customerKeys.all, pickerKey], (body: CustomerUpdateBody) =>
    call.post('/users/update', msgResponse, body),
  );

/** How many records each first step has made; asked again on every visit (the operator comes back after each add). */
export function useOverview() {
  return useQuery({ queryKey: ['overview'], queryFn: () => call.get('/overview', overviewResponse), staleTime: 0 });
}

// ---- the customer's file (docs/rules.md section 23) -------------------------------------

/** The customer's bills of the last 12 months, newest first. */
export function useBillsOf(customer: { customerId: number; colonyCode: string } | null, month: number, year: number) {
  // The first month of the file's 12, the current one the last.
  const from = addMonths({ year, month }, -11);
  return useQuery({
    queryKey: ['payments', 'file', customer?.customerId, month, year],
    enabled: customer !== null,
    queryFn: async () => {
      const answer = await call.get('/payments/paymentDetails', paymentDetailsResponse, {
        colony: customer?.colonyCode,
        customerId: customer?.customerId,
        startMonth: toZeroBasedMonth(from.month),
        startYear: from.year,
        limit: 24,
        offset: 1,
      });
      return [...answer.result].sort((a, b) => b.paymentYear - a.paymentYear || b.paymentMonth - a.paymentMonth);
    },
  });
}

/** The receipts taken in the last 12 months, newest first. */
export function useReceiptsOf(customerId: number) {
  return useQuery({
    queryKey: ['payments', 'receipts', customerId],
    queryFn: () => call.get(`/customers/${customerId}/receipts`, customerReceiptsResponse),
  });
}

/** The customer's own record: colony code, flags (a collector may read their colonies' customers). */
export function useCustomerRecord(customerId: number | null) {
  return useQuery({
    queryKey: ['customer', 'file', customerId],
    enabled: customerId !== null,
    queryFn: async () => (await call.get(`/users/update/${customerId}`, customerUpdateGetResponse)).data,
  });
}
