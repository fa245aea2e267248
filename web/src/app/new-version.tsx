import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '../lib/i18n';

/**
 * Starts the service worker that keeps the app's shell for opening without a signal (docs/rules.md
 * section 20). When a new build is ready the screen offers 'Reload for the new version'; the new
 * worker takes over only then, so no screen changes under a person's hands.
 */
export async function startServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const update = registerSW({
    onNeedRefresh() {
      notifications.show({
        id: 'new-version',
        autoClose: false,
        color: 'blue',
        message: (
          <Button size="compact-sm" onClick={() => void update(true)}>
            {i18n.t('offline.newVersion')}
          </Button>
        ),
      });
    },
  });
}
