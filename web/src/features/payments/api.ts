import {
  type GeneratePaymentsBody,
  PAYMENT_PAGE_SIZE,
  type PaymentDetailsResponse,
  type PaymentListResponse,
  type PaymentMode,
  type PaymentStatus,
  type PreviewPaymentRow,
  type ReceivingFormResponse,
  toZeroBasedMonth,
} from '@dairy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Months on this side are 1-12; the calls that count from 0 get `toZeroBasedMonth` here. */
export const paymentKeys = {
  all: ['payments'] as const,
  list: (filter: object, page: number) => ['payments', 'list', filter, page] as const,
  details: (filter: object, page: number) => ['payments', 'details', filter, page] as const,
  colonies: ['payments', 'colonies'] as const,
  summary: (customerId: number, month: number, year: number) =>
    ['payments', 'summary', customerId, month, year] as const,
};

export interface PeriodFilter {
  colonyCode: string;
  month: number;
  year: number;
}

export function usePaymentList(filter: PeriodFilter | null, page: number) {
  return useQuery({
    queryKey: paymentKeys.list(filter ?? {}, page),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<PaymentListResponse>('/payments', {
        limit: PAYMENT_PAGE_SIZE,
        offset: page,
        colonyCode: filter!.colonyCode,
        paymentMonth: toZeroBasedMonth(filter!.month),
        paymentYear: filter!.year,
      }),
  });
}

export interface DetailsFilter {
  startMonth: number | null;
  startYear: number | null;
  endMonth: number | null;
  endYear: number | null;
  colony: string | null;
  customerId: number | null;
  paymentStatus: PaymentStatus;
}

export function usePaymentDetails(filter: DetailsFilter, page: number) {
  return useQuery({
    queryKey: paymentKeys.details(filter, page),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<PaymentDetailsResponse>('/payments/paymentDetails', {
        limit: PAYMENT_PAGE_SIZE,
        offset: page,
        // A month counts only with its year.
        startMonth: filter.startYear && filter.startMonth ? toZeroBasedMonth(filter.startMonth) : undefined,
        startYear: filter.startYear,
        endMonth: filter.endYear && filter.endMonth ? toZeroBasedMonth(filter.endMonth) : undefined,
        endYear: filter.endYear,
        colony: filter.colony,
        customerId: filter.customerId,
        paymentStatus: filter.paymentStatus,
      }),
  });
}

/** Deletes bills (one or many); every payment view reloads afterwards. */
export function useDeletePayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? api.delete<{ msg: string; count: number }>(`/payments/delete/${ids[0]}`)
        : api.delete<{ msg: string; count: number }>('/payments/delete', { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

export interface PaymentColony {
  colonyCode: string;
  colonyName: string;
  charges: number;
  disable: 0 | 1;
}

export function usePaymentColonies() {
  return useQuery({
    queryKey: paymentKeys.colonies,
    queryFn: async () => (await api.get<{ data: PaymentColony[] }>('/payments/generatePayments')).data,
  });
}

/** `month` is 1-12, as the generate calls take it. */
export function usePreviewPayments() {
  return useMutation({
    mutationFn: async (body: GeneratePaymentsBody) =>
      (await api.post<{ data: PreviewPaymentRow[] }>('/payments/previewPayments', body)).data,
  });
}

export function useGeneratePayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GeneratePaymentsBody) =>
      api.post<{ msg: string; count: number; removed: number }>('/payments/generatePayments', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

export function usePeriodSummary(customerId: number | null, month: number | null, year: number | null) {
  return useQuery({
    queryKey: paymentKeys.summary(customerId ?? 0, month ?? 0, year ?? 0),
    enabled: customerId !== null && month !== null && year !== null,
    queryFn: () =>
      api.post<ReceivingFormResponse>('/payments/receivingPaymentsForm', {
        customerId,
        month: toZeroBasedMonth(month!),
        year,
      }),
  });
}

export interface ReceiptToRecord {
  customerId: number;
  month: number;
  year: number;
  amount: string;
  mode: PaymentMode;
  /** Sent as `Idempotency-Key`: the server records one receipt per key, however often it is sent. */
  idempotencyKey: string;
}

export function useReceivePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receipt: ReceiptToRecord) =>
      api.patch<ReceivingFormResponse & { msg: string }>(
        '/payments/receivingPaymentsForm',
        {
          customerId: receipt.customerId,
          month: toZeroBasedMonth(receipt.month),
          year: receipt.year,
          receivingPayment: receipt.amount,
          paymentMode: receipt.mode,
        },
        { headers: { 'Idempotency-Key': receipt.idempotencyKey } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
