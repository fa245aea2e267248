import {
  msgResponse,
  type StaffAddBody,
  type StaffUpdateBody,
  staffListResponse,
  staffSavedResponse,
} from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

const staffKey = ['staff'] as const;

export function useStaff() {
  return useQuery({ queryKey: staffKey, queryFn: () => call.get('/staff', staffListResponse) });
}

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffAddBody) => call.post('/staff', staffSavedResponse, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: StaffUpdateBody }) =>
      call.put(`/staff/${userId}`, staffSavedResponse, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ userId, password }: { userId: number; password: string }) =>
      call.post(`/staff/${userId}/password`, msgResponse, { password }),
  });
}
