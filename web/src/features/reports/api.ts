import {
  type DailyReportRow,
  type GenerateDefaultersBody,
  type MonthlyPaymentRecord,
  type NoTransactionRecord,
  toZeroBasedMonth,
} from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** A month 1-12 and a year, as the screens hold them. */
export type Period = { month: number; year: number };

export const reportKeys = {
  daily: (colony: string | null, date: string | null) => ['reports', 'daily', colony, date] as const,
  noBalance: (colony: string | null) => ['reports', 'noBalance', colony] as const,
  monthly: (colony: string | null, period: Period | null) => ['reports', 'monthly', colony, period] as const,
  defaulters: (colony: string | null, period: Period | null) => ['reports', 'defaulters', colony, period] as const,
};

/** Loads once both colony and date are chosen. */
export function useDailyReport(colony: string | null, date: string | null) {
  return useQuery({
    queryKey: reportKeys.daily(colony, date),
    queryFn: () =>
      api.get<{ date: string; report: DailyReportRow[] }>('/reports', { colonyId: colony, transactionDate: date }),
    enabled: Boolean(colony && date),
  });
}

/** The colony's customers marked as defaulters. */
export function useNoBalanceReport(colony: string | null) {
  return useQuery({
    queryKey: reportKeys.noBalance(colony),
    queryFn: () => api.get<{ data: NoTransactionRecord[] }>('/reports/noBalance', { colonyName: colony }),
    enabled: Boolean(colony),
  });
}

/** The colony's bills of a month; the call numbers months from 0. */
export function useMonthlyReport(colony: string | null, period: Period | null) {
  return useQuery({
    queryKey: reportKeys.monthly(colony, period),
    queryFn: () =>
      api.post<{ data: MonthlyPaymentRecord[] }>('/reports/filtered', {
        colonyName: colony,
        paymentMonth: toZeroBasedMonth(period!.month),
        paymentYear: period!.year,
      }),
    enabled: Boolean(colony && period),
  });
}

/** Who would be marked as defaulters; this call numbers months from 1. */
export function useDefaultersPreview(colony: string | null, period: Period | null) {
  return useQuery({
    queryKey: reportKeys.defaulters(colony, period),
    queryFn: () =>
      api.get<{ data: NoTransactionRecord[] }>('/payments/previewDefaulters', {
        colony,
        month: period?.month,
        year: period?.year,
      }),
    enabled: Boolean(colony && period),
  });
}

/** Marks the previewed customers; the generate call numbers months from 0. */
export function useGenerateDefaulters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ colony, month, year }: { colony: string } & Period) =>
      api.post<{ msg: string; count: number }>('/payments/generateDefaulters', {
        colony,
        month: toZeroBasedMonth(month),
        year,
      } satisfies GenerateDefaultersBody),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['reports'] });
      // Customer pickers show the defaulter flag.
      void queryClient.invalidateQueries({ queryKey: ['colony', 'api'] });
    },
  });
}
