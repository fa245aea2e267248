import {
  consumptionListResponse,
  customerReceiptsResponse,
  customerSearchResponse,
  customerUpdateGetResponse,
  paymentDetailsResponse,
  toZeroBasedMonth,
} from '@dairy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Find any customer (docs/rules.md section 23): blank text asks nothing. */
export function useCustomerSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['customer', 'search', q],
    enabled: q !== '',
    placeholderData: keepPreviousData,
    queryFn: () => call.get('/customers/search', customerSearchResponse, { q }),
  });
}

/** The first month of the file's 12 (1-12), the current one the last. */
export function twelveMonthsFrom(month: number, year: number): { month: number; year: number } {
  const index = year * 12 + month - 1 - 11;
  return { month: (index % 12) + 1, year: Math.floor(index / 12) };
}

/** The customer's bills of the last 12 months, newest first. */
export function useBillsOf(customer: { customerId: number; colonyCode: string } | null, month: number, year: number) {
  const from = twelveMonthsFrom(month, year);
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

/** The customer's consumptions (the office's). */
export function useConsumptionsOf(customerId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['consumption', 'of-customer', String(customerId)],
    enabled,
    queryFn: async () =>
      (await call.get('/consumptions', consumptionListResponse, { customerId, limit: 1000 })).consumptions,
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
