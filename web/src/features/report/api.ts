import {
  dailyReportResponse,
  generateDefaultersBody,
  generateDefaultersResponse,
  monthlyReportBody,
  monthlyReportResponse,
  noTransactionResponse,
  previewDefaultersQuery,
} from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../lib/api';

/** A month 1-12 and a year, as the screens hold them; the contract numbers them for each call. */
export type Period = { month: number; year: number };

const reportKeys = {
  daily: (colony: string | null, date: string | null) => ['reports', 'daily', colony, date] as const,
  noBalance: (colony: string | null) => ['reports', 'noBalance', colony] as const,
  monthly: (colony: string | null, period: Period | null) => ['reports', 'monthly', colony, period] as const,
  defaulters: (colony: string | null, period: Period | null) => ['reports', 'defaulters', colony, period] as const,
};

/** Loads once a date is chosen; without a colony, every colony's (docs/rules.md section 8). */
export function useDailyReport(colony: string | null, date: string | null) {
  return useQuery({
    queryKey: reportKeys.daily(colony, date),
    queryFn: () => call.get('/reports', dailyReportResponse, { colonyId: colony, transactionDate: date }),
    enabled: Boolean(date),
  });
}

/** The colony's customers marked as defaulters. */
export function useNoBalanceReport(colony: string | null) {
  return useQuery({
    queryKey: reportKeys.noBalance(colony),
    queryFn: () => call.get('/reports/noBalance', noTransactionResponse, { colonyName: colony }),
    enabled: Boolean(colony),
  });
}

/** The colony's bills of a month, with their figures and the colony's totals. */
export function useMonthlyReport(colony: string | null, period: Period | null) {
  return useQuery({
    queryKey: reportKeys.monthly(colony, period),
    queryFn: () =>
      call.post(
        '/reports/filtered',
        monthlyReportResponse,
        z.encode(monthlyReportBody, { colonyName: colony!, paymentMonth: period!.month, paymentYear: period!.year }),
      ),
    enabled: Boolean(colony && period),
  });
}

/** Who would be marked as defaulters. */
export function useDefaultersPreview(colony: string | null, period: Period | null) {
  return useQuery({
    queryKey: reportKeys.defaulters(colony, period),
    queryFn: () =>
      call.get(
        '/payments/previewDefaulters',
        noTransactionResponse,
        z.encode(previewDefaultersQuery, { colony: colony!, month: period!.month, year: period!.year }),
      ),
    enabled: Boolean(colony && period),
  });
}

/** Marks the previewed customers. */
export function useGenerateDefaulters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ colony, month, year }: { colony: string } & Period) =>
      call.post(
        '/payments/generateDefaulters',
        generateDefaultersResponse,
        z.encode(generateDefaultersBody, { colony, month, year }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['reports'] });
      // Customer pickers show the defaulter flag.
      void queryClient.invalidateQueries({ queryKey: ['colony', 'api'] });
    },
  });
}
