import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * The spec's confirm dialog: title 'Confirm Action', the question, Cancel and Confirm. It stays
 * open until the action completes, its Confirm busy meanwhile so the action runs once.
 */
export function confirmAction(question: string, onConfirm: () => void | Promise<void>) {
  const modalId = modals.openConfirmModal({
    title: 'Confirm Action',
    children: <Text size="sm">{question}</Text>,
    labels: { confirm: 'Confirm', cancel: 'Cancel' },
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
