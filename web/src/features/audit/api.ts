import { AUDIT_PAGE_SIZE, auditListResponse, staffListResponse } from '@dairy/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

interface AuditFilters {
  page: number;
  userId: string | null;
  entity: string | null;
  from: string | null;
  to: string | null;
}

export function useAudit({ page, ...filters }: AuditFilters) {
  return useQuery({
    queryKey: ['audit', page, filters],
    placeholderData: keepPreviousData,
    queryFn: () => call.get('/audit', auditListResponse, { limit: AUDIT_PAGE_SIZE, offset: page, ...filters }),
  });
}

/** The staff, for the user filter. */
export function useStaffOptions() {
  return useQuery({ queryKey: ['staff'], queryFn: () => call.get('/staff', staffListResponse) });
}
