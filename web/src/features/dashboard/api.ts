import { dashboardResponse } from '@dairy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The month's dashboard call: the screen's and the one started early for it (app/early-calls.ts). */
export const dashboardCall = (month: number, year: number) => ['/dashboard', { month, year }] as const;

/** The month's dashboard (docs/rules.md section 22); the previous month stays shown while the next loads. */
export function useDashboard(month: number, year: number) {
  return useQuery({
    queryKey: ['dashboard', year, month],
    queryFn: () => {
      const [url, query] = dashboardCall(month, year);
      return call.get(url, dashboardResponse, query);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
