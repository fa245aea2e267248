import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../lib/i18n';

/**
 * The spec's confirm dialog: title 'Confirm Action', the question, Cancel and Confirm. It stays
 * open until the action completes, its Confirm busy meanwhile so the action runs once.
 */
export function confirmAction(question: string, onConfirm: () => void | Promise<void>) {
  const modalId = modals.openConfirmModal({
    title: i18n.t('common.confirmTitle'),
    children: <Text size="sm">{question}</Text>,
    labels: { confirm: i18n.t('common.confirm'), cancel: i18n.t('common.cancel') },
    closeOnConfirm: false,
    onConfirm: async () => {
      modals.updateModal({ modalId, confirmProps: { loading: true } });
      try {
        await onConfirm();
      } finally {
        modals.close(modalId);
      }
    },
  });
}
