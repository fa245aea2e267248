import type {
  GenerateTransactionsBody,
  GenerateTransactionsFormResponse,
  GenerateTransactionsResponse,
  SingleTransactionBody,
  SingleTransactionFormResponse,
  SingleTransactionResponse,
  TransactionListResponse,
  TransactionPreviewResponse,
  TransactionUpdateBody,
  TransactionUpdateFormResponse,
} from '@dairy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The list call's query as the screen sends it. */
export interface TransactionListQuery {
  limit: number;
  offset: number;
  colonyCode?: string;
  customerId?: string;
  productName?: string;
  date?: string;
  monthyr?: string;
}

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (query: TransactionListQuery) => ['transactions', 'list', query] as const,
  preview: (colony: string, startDate: string, page: number) =>
    ['transactions', 'preview', colony, startDate, page] as const,
  one: (id: string) => ['transactions', 'one', id] as const,
  forms: ['transactions', 'forms'] as const,
  days: (productCode: string) => ['transactions', 'days', productCode] as const,
};

/** The list; only asked for when `enabled` (a colony or product with a date or month). */
export function useTransactionList(query: TransactionListQuery, enabled: boolean) {
  return useQuery({
    queryKey: transactionKeys.list(query),
    queryFn: () => api.get<TransactionListResponse>('/transactions', { ...query }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Colonies and one entry per product code, for the forms and the list's product filter. */
export function useTransactionFormData() {
  return useQuery({
    queryKey: [...transactionKeys.forms, 'single'],
    queryFn: () => api.get<SingleTransactionFormResponse>('/transactions/singletransaction'),
  });
}

export function useGenerateFormData() {
  return useQuery({
    queryKey: [...transactionKeys.forms, 'generate'],
    queryFn: () => api.get<GenerateTransactionsFormResponse>('/transactions/add'),
    staleTime: 0,
  });
}

export type DayChoice = { id: number; name: string; price: number };

/** The rows (combinations and prices) of one product code: `POST /fetch/days`. */
export function useDayOptions(productCode: string | null) {
  return useQuery({
    queryKey: transactionKeys.days(productCode ?? ''),
    queryFn: async () => (await api.post<{ data: DayChoice[] }>('/fetch/days', { productId: productCode })).data,
    enabled: Boolean(productCode),
  });
}

export function usePreview(colony: string | null, startDate: string, page: number) {
  return useQuery({
    queryKey: transactionKeys.preview(colony ?? '', startDate, page),
    queryFn: () =>
      api.get<TransactionPreviewResponse>('/transactions/nexttransactionpreview', {
        colony,
        startDate,
        limit: 20,
        offset: page,
      }),
    enabled: Boolean(colony),
    placeholderData: keepPreviousData,
  });
}

export function useTransaction(id: string) {
  return useQuery({
    queryKey: transactionKeys.one(id),
    queryFn: () => api.get<TransactionUpdateFormResponse>(`/transactions/update/${encodeURIComponent(id)}`),
    staleTime: 0,
  });
}

/** Every change reloads every transaction list and preview. */
function useTransactionMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}

export const useToggleAttendance = () =>
  useTransactionMutation((id: number) => api.post<{ msg: string; attendance: 0 | 1 }>(`/transactions/update/${id}`));

export const useDeleteTransaction = () =>
  useTransactionMutation((id: number) => api.post<{ msg: string }>(`/transactions/delete/${id}`));

export const useBulkDeleteTransactions = () =>
  useTransactionMutation((ids: number[]) =>
    api.delete<{ msg: string; count: number }>('/transactions/delete', { ids }),
  );

export const useAddSingleTransaction = () =>
  useTransactionMutation((body: SingleTransactionBody) =>
    api.post<SingleTransactionResponse>('/transactions/singletransaction', body),
  );

export const useGenerateTransactions = () =>
  useTransactionMutation((body: GenerateTransactionsBody) =>
    api.post<GenerateTransactionsResponse>('/transactions/generate', body),
  );

export const useUpdateTransaction = () =>
  useTransactionMutation((body: TransactionUpdateBody) => api.post<{ msg: string }>('/transactions/update', body));
