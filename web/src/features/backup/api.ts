import { backupCreateResponse, backupListResponse } from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

const backupKeys = { list: ['backups'] as const };

export function useBackups() {
  return useQuery({ queryKey: backupKeys.list, queryFn: () => call.get('/backups', backupListResponse) });
}

export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call.post('/backups', backupCreateResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.list }),
  });
}

/** The file's address: a plain link downloads it with the session cookie. */
export const downloadUrl = (name: string) => `/api/backups/${encodeURIComponent(name)}`;
