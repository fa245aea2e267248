import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../lib/config';
import { formatInstant } from '../lib/format';
import { useOfflineFrom } from '../lib/offline-reads';
import { dismiss, useOutbox, useOutboxSender } from '../lib/outbox';

/**
 * Under the bar (docs/rules.md section 20): that the screen shows what the phone kept, how many
 * changes wait to be sent, and the saves the server refused with its message and the work they
 * held, until dismissed. It also runs the signed-in user's outbox.
 */
export function OfflineBar({ user }: { user: string }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { timeZone } = useAppConfig();
  const sent = useCallback(() => void queryClient.invalidateQueries(), [queryClient]);
  useOutboxSender(user, sent);
  const offlineFrom = useOfflineFrom();
  const { waitingRows, notSent } = useOutbox();
  if (offlineFrom === null && waitingRows === 0 && notSent.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" className="offline-bar">
      {offlineFrom !== null && (
        <Alert color="yellow" role="status" py="xs">
          {t('offline.showingFrom', { time: formatInstant(new Date(offlineFrom).toISOString(), timeZone) })}
        </Alert>
      )}
      {waitingRows > 0 && (
        <Alert color="blue" role="status" py="xs" aria-label="Outbox">
          {t('offline.waiting', { count: waitingRows })}
        </Alert>
      )}
      {notSent.length > 0 && (
        <Alert color="red" title={t('offline.notSent')} aria-label="Not sent">
          <Stack gap="xs">
            {notSent.map((item) => (
              <Group key={item.clientId} justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text size="sm" fw={700}>
                    {item.refused}
                  </Text>
                  <Text size="sm">{item.work}</Text>
                  <Text size="xs" c="dimmed">
                    {formatInstant(new Date(item.savedAt).toISOString(), timeZone)}
                  </Text>
                </div>
                <Button size="compact-sm" variant="default" onClick={() => void dismiss(item)}>
                  {t('offline.dismiss')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
