import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** The spec's confirm dialog: title 'Confirm Action', the question, Cancel and Confirm. */
export function confirmAction(question: string, onConfirm: () => void | Promise<void>) {
  modals.openConfirmModal({
    title: 'Confirm Action',
    children: <Text size="sm">{question}</Text>,
    labels: { confirm: 'Confirm', cancel: 'Cancel' },
    onConfirm: () => void onConfirm(),
  });
}
