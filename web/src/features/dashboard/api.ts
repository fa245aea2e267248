import { dashboardResponse } from '@dairy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The month's dashboard (docs/rules.md section 22); the previous month stays shown while the next loads. */
export function useDashboard(month: number, year: number) {
  return useQuery({
    queryKey: ['dashboard', year, month],
    queryFn: () => call.get('/dashboard', dashboardResponse, { month, year }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
