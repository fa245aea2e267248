import {
  collectionResponse,
  type GenerateAllPaymentsBody,
  type GeneratePaymentsBody,
  generateAllPaymentsResponse,
  generatePaymentsResponse,
  latestBillResponse,
  PAYMENT_PAGE_SIZE,
  type PaymentMode,
  type PaymentRow,
  type PaymentStatus,
  paymentColoniesResponse,
  paymentDeleteResponse,
  paymentDetailsQuery,
  paymentDetailsResponse,
  paymentListQuery,
  paymentListResponse,
  paymentTotalsResponse,
  previewAllPaymentsResponse,
  previewPaymentsResponse,
  type ReceiveManyBody,
  receiveManyResponse,
  receivePaymentResponse,
  receivingFormBody,
  receivingFormResponse,
} from '@dairy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, everyPage, type PageWindow } from '../../lib/api';
import { useInvalidatingMutation } from '../../lib/mutations';
import { sendOrKeep } from '../../lib/outbox';

/** Months on this side are 1-12; the contract's schemas put them on the wire as each call numbers them. */
type WireQuery = Record<string, string | number | undefined>;

const paymentKeys = {
  all: ['payments'] as const,
  list: (filter: object, page: number) => ['payments', 'list', filter, page] as const,
  details: (filter: object, page: number) => ['payments', 'details', filter, page] as const,
  colonies: ['payments', 'colonies'] as const,
  summary: (customerId: number, month: number, year: number) =>
    ['payments', 'summary', customerId, month, year] as const,
  latestBill: (colonyCode: string | null) => ['payments', 'latestBill', colonyCode] as const,
  totals: (filter: object) => ['payments', 'totals', filter] as const,
};

interface PeriodFilter {
  colonyCode: string;
  month: number;
  year: number;
}

const fetchPayments = (filter: PeriodFilter, window: PageWindow) =>
  call.get(
    '/payments',
    paymentListResponse,
    z.encode(paymentListQuery, {
      ...window,
      colonyCode: filter.colonyCode,
      paymentMonth: filter.month,
      paymentYear: filter.year,
    }) as WireQuery,
  );

export function usePaymentList(filter: PeriodFilter | null, page: number) {
  return useQuery({
    queryKey: paymentKeys.list(filter ?? {}, page),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    queryFn: () => fetchPayments(filter!, { limit: PAYMENT_PAGE_SIZE, offset: page }),
  });
}

/** Payment Information's total row: the sums of every bill of the colony's month (months 1-12 on this call). */
export function usePaymentTotals(filter: PeriodFilter | null) {
  return useQuery({
    queryKey: paymentKeys.totals(filter ?? {}),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    queryFn: () => call.get('/payments/totals', paymentTotalsResponse, { ...filter }),
  });
}

/** The month (1-12) and year of the colony's latest bill, nulls before its first. */
export function useLatestBill(colonyCode: string | null) {
  return useQuery({
    queryKey: paymentKeys.latestBill(colonyCode),
    enabled: Boolean(colonyCode),
    queryFn: () => call.get('/payments/latestBill', latestBillResponse, { colonyCode }),
  });
}

/** Every bill of the colony's month, in the list's order. */
export const allPayments = (filter: PeriodFilter): Promise<PaymentRow[]> =>
  everyPage(
    (window) => fetchPayments(filter, window),
    (list) => list.rows,
  );

export interface DetailsFilter {
  startMonth: number | null;
  startYear: number | null;
  endMonth: number | null;
  endYear: number | null;
  colony: string | null;
  customerId: number | null;
  paymentStatus: PaymentStatus;
}

const orNone = <T>(value: T | null) => value ?? undefined;

const fetchPaymentDetails = (filter: DetailsFilter, window: PageWindow) =>
  call.get(
    '/payments/paymentDetails',
    paymentDetailsResponse,
    z.encode(paymentDetailsQuery, {
      ...window,
      // A month counts only with its year.
      startMonth: filter.startYear ? orNone(filter.startMonth) : undefined,
      startYear: orNone(filter.startYear),
      endMonth: filter.endYear ? orNone(filter.endMonth) : undefined,
      endYear: orNone(filter.endYear),
      colony: orNone(filter.colony),
      customerId: orNone(filter.customerId),
      paymentStatus: filter.paymentStatus,
    }) as WireQuery,
  );

export function usePaymentDetails(filter: DetailsFilter, page: number) {
  return useQuery({
    queryKey: paymentKeys.details(filter, page),
    placeholderData: keepPreviousData,
    queryFn: () => fetchPaymentDetails(filter, { limit: PAYMENT_PAGE_SIZE, offset: page }),
  });
}

/** Every bill the filters choose, in the list's order. */
export const allPaymentDetails = (filter: DetailsFilter): Promise<PaymentRow[]> =>
  everyPage(
    (window) => fetchPaymentDetails(filter, window),
    (details) => details.result,
  );

/** Deletes bills (one or many); every payment view reloads afterwards. */
export const useDeletePayments = () =>
  useInvalidatingMutation([paymentKeys.all], (ids: number[]) =>
    ids.length === 1
      ? call.delete(`/payments/delete/${ids[0]}`, paymentDeleteResponse)
      : call.delete('/payments/delete', paymentDeleteResponse, { ids }),
  );

export function usePaymentColonies() {
  return useQuery({
    queryKey: paymentKeys.colonies,
    queryFn: async () => (await call.get('/payments/generatePayments', paymentColoniesResponse)).data,
  });
}

/** The body as the form holds it: the colony code, the month 1-12 (as these calls take it), the typed charge. */
export function usePreviewPayments() {
  return useMutation({
    mutationFn: (body: GeneratePaymentsBody) => call.post('/payments/previewPayments', previewPaymentsResponse, body),
  });
}

export const useGeneratePayments = () =>
  useInvalidatingMutation([paymentKeys.all], (body: GeneratePaymentsBody) =>
    call.post('/payments/generatePayments', generatePaymentsResponse, body),
  );

/** Every enabled colony at once, each with its own service charge: the month 1-12, as these calls take it. */
export function usePreviewAllPayments() {
  return useMutation({
    mutationFn: (body: GenerateAllPaymentsBody) => call.post('/payments/previewAll', previewAllPaymentsResponse, body),
  });
}

export const useGenerateAllPayments = () =>
  useInvalidatingMutation([paymentKeys.all], (body: GenerateAllPaymentsBody) =>
    call.post('/payments/generateAll', generateAllPaymentsResponse, body),
  );

export function usePeriodSummary(customerId: number | null, month: number | null, year: number | null) {
  return useQuery({
    queryKey: paymentKeys.summary(customerId ?? 0, month ?? 0, year ?? 0),
    enabled: customerId !== null && month !== null && year !== null,
    queryFn: () =>
      call.post(
        '/payments/receivingPaymentsForm',
        receivingFormResponse,
        z.encode(receivingFormBody, { customerId: customerId!, month: month!, year: year! }),
      ),
  });
}

interface ReceiptToRecord {
  customerId: number;
  month: number;
  year: number;
  /** As typed, in rupees. */
  amount: string;
  mode: PaymentMode;
  /** Sent as `Idempotency-Key`: the server records one receipt per key, however often it is sent. */
  idempotencyKey: string;
}

export const useReceivePayment = () =>
  useInvalidatingMutation(
    [paymentKeys.all],
    ({ customerId, month, year, amount, mode, idempotencyKey }: ReceiptToRecord) =>
      call.patch(
        '/payments/receivingPaymentsForm',
        receivePaymentResponse,
        {
          ...z.encode(receivingFormBody, { customerId, month, year }),
          receivingPayment: amount,
          paymentMode: mode,
        },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
  );

// ---- collection entry (docs/rules.md section 13; months 1-12) --------------------------------

/** A colony's customers in route order with their balance now. */
export function useCollection(colonyCode: string | null) {
  return useQuery({
    queryKey: [...paymentKeys.all, 'collection', colonyCode] as const,
    queryFn: () => call.get('/today/collection', collectionResponse, { colony: colonyCode }),
    enabled: Boolean(colonyCode),
    staleTime: 0,
  });
}

/**
 * Many positive receipts of one month at once, all or none, each with the time it was taken;
 * Today's Collected follows. Without a signal the save waits in the outbox (docs/rules.md section 20).
 */
export function useReceiveMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, work }: { body: ReceiveManyBody; work: string }) =>
      sendOrKeep({ method: 'POST', url: '/payments/receiveMany', body, rows: body.entries.length, work }, (a) =>
        receiveManyResponse.parse(a),
      ),
    onSuccess: async (saved) => {
      if (!('sent' in saved)) return;
      await Promise.all([paymentKeys.all, ['today']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
