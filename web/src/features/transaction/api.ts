import {
  type AttendanceBody,
  attendanceResponse,
  type DayOption,
  fetchDaysResponse,
  type GenerateTransactionsBody,
  generateTransactionsFormResponse,
  generateTransactionsResponse,
  msgResponse,
  type PlannedTransaction,
  type ProductCodeOption,
  type RouteSheetResponse,
  routeSheetResponse,
  type SingleTransactionBody,
  singleTransactionFormResponse,
  singleTransactionResponse,
  TRANSACTION_PREVIEW_PAGE_SIZE,
  type TransactionRow,
  type TransactionUpdateBody,
  transactionAttendanceResponse,
  transactionBulkDeleteResponse,
  type transactionListQuery,
  transactionListResponse,
  transactionPreviewResponse,
  transactionUpdateFormResponse,
} from '@dairy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, everyPage, type PageWindow } from '../../lib/api';
import { useInvalidatingMutation } from '../../lib/mutations';
import { sendOrKeep } from '../../lib/outbox';
import { resourceKeys } from '../../lib/query-keys';

/** The list call's query as the screen sends it: the wire is the contract's decoded shape. */
type TransactionListQuery = z.output<typeof transactionListQuery>;

const transactionKeys = {
  ...resourceKeys<TransactionListQuery>('transactions'),
  preview: (colony: string, startDate: string, page: number) =>
    ['transactions', 'preview', colony, startDate, page] as const,
  forms: ['transactions', 'forms'] as const,
  days: (productCode: string) => ['transactions', 'days', productCode] as const,
};

/** The list; only asked for when `enabled` (a colony or product with a date or month). */
export function useTransactionList(query: TransactionListQuery, enabled: boolean) {
  return useQuery({
    queryKey: transactionKeys.list(query),
    queryFn: () => call.get('/transactions', transactionListResponse, { ...query }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Every transaction the list's filters choose, in the list's order. */
export const allTransactions = (query: TransactionListQuery): Promise<TransactionRow[]> =>
  everyPage(
    (window) => call.get('/transactions', transactionListResponse, { ...query, ...window }),
    (list) => list.response,
  );

/** Colonies and one entry per product code, for the forms and the list's product filter. */
export function useTransactionFormData() {
  return useQuery({
    queryKey: [...transactionKeys.forms, 'single'],
    queryFn: () => call.get('/transactions/singletransaction', singleTransactionFormResponse),
  });
}

export function useGenerateFormData() {
  return useQuery({
    queryKey: [...transactionKeys.forms, 'generate'],
    queryFn: () => call.get('/transactions/add', generateTransactionsFormResponse),
    staleTime: 0,
  });
}

/** The transaction forms' product choices name the code too: "Milk (M1)". */
export const productChoices = (products: ProductCodeOption[]) =>
  products.map((p) => ({ value: p.productCode, label: `${p.productName} (${p.productCode})` }));
export const dayChoices = (days: DayOption[]) => days.map((d) => ({ value: String(d.id), label: d.name }));

/** The rows (combinations and prices) of one product code: `POST /fetch/days`. */
export function useDayOptions(productCode: string | null) {
  return useQuery({
    queryKey: transactionKeys.days(productCode ?? ''),
    queryFn: async () => (await call.post('/fetch/days', fetchDaysResponse, { productId: productCode })).data,
    enabled: Boolean(productCode),
  });
}

const fetchPreview = (colony: string | null, startDate: string, window: PageWindow) =>
  call.get('/transactions/nexttransactionpreview', transactionPreviewResponse, { colony, startDate, ...window });

export function usePreview(colony: string | null, startDate: string, page: number) {
  return useQuery({
    queryKey: transactionKeys.preview(colony ?? '', startDate, page),
    queryFn: () => fetchPreview(colony, startDate, { limit: TRANSACTION_PREVIEW_PAGE_SIZE, offset: page }),
    enabled: Boolean(colony),
    placeholderData: keepPreviousData,
  });
}

/** Every transaction the generation would create for the colony from the date. */
export const allPlanned = (colony: string, startDate: string): Promise<PlannedTransaction[]> =>
  everyPage(
    (window) => fetchPreview(colony, startDate, window),
    (preview) => preview.data,
  );

export function useTransaction(id: string) {
  return useQuery({
    queryKey: transactionKeys.one(id),
    queryFn: () => call.get(`/transactions/update/${encodeURIComponent(id)}`, transactionUpdateFormResponse),
    staleTime: 0,
  });
}

/** Every change reloads every transaction list and preview. */
const useTransactionMutation = <TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) =>
  useInvalidatingMutation([transactionKeys.all], mutationFn);

export const useToggleAttendance = () =>
  useTransactionMutation((id: number) => call.post(`/transactions/update/${id}`, transactionAttendanceResponse));

export const useDeleteTransaction = () =>
  useTransactionMutation((id: number) => call.post(`/transactions/delete/${id}`, msgResponse));

export const useBulkDeleteTransactions = () =>
  useTransactionMutation((ids: number[]) =>
    call.delete('/transactions/delete', transactionBulkDeleteResponse, { ids }),
  );

export const useAddSingleTransaction = () =>
  useTransactionMutation((body: SingleTransactionBody) =>
    call.post('/transactions/singletransaction', singleTransactionResponse, body),
  );

export const useGenerateTransactions = () =>
  useTransactionMutation((body: GenerateTransactionsBody) =>
    call.post('/transactions/generate', generateTransactionsResponse, body),
  );

export const useUpdateTransaction = () =>
  useTransactionMutation((body: TransactionUpdateBody) => call.post('/transactions/update', msgResponse, body));

// ---- the route sheet (docs/rules.md section 13) ----------------------------------------------

/** A colony's deliveries of a date in route order, with addresses. */
export function useRouteSheet(colony: string | null, date: string) {
  return useQuery({
    queryKey: [...transactionKeys.all, 'sheet', colony, date] as const,
    queryFn: () => call.get('/today/sheet', routeSheetResponse, { colony, date }),
    enabled: Boolean(colony),
    staleTime: 0,
  });
}

/**
 * Sets the attendance of many rows at once, all or nothing; the day's figures follow. Without a
 * signal the save waits in the outbox and the sheet on screen keeps the ticks (docs/rules.md section 20).
 */
export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, work }: { changes: AttendanceBody['changes']; work: string }) =>
      sendOrKeep(
        { method: 'POST', url: '/transactions/attendance', body: { changes }, rows: changes.length, work },
        (a) => attendanceResponse.parse(a),
      ),
    onSuccess: async (saved, { changes }) => {
      if ('sent' in saved) {
        await Promise.all(
          [transactionKeys.all, ['today']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        );
        return;
      }
      const wanted = new Map(changes.map((c) => [Number(c.transactionId), Number(c.attendance) as 0 | 1]));
      queryClient.setQueriesData<RouteSheetResponse>(
        { queryKey: [...transactionKeys.all, 'sheet'] },
        (sheet) =>
          sheet && {
            ...sheet,
            rows: sheet.rows.map((r) => ({ ...r, attendance: wanted.get(r.transactionId) ?? r.attendance })),
          },
      );
    },
  });
}
