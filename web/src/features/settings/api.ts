import { type Settings, settingsResponse, settingsSaveResponse } from '@dairy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

const settingsKeys = { all: ['settings'] as const };

export function useSettings() {
  return useQuery({ queryKey: settingsKeys.all, queryFn: () => call.get('/settings', settingsResponse) });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Settings) => call.put('/settings', settingsSaveResponse, body),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.all, saved.settings),
  });
}
