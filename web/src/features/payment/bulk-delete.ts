import { notify } from '../../components/notify';
import type { RowSelection } from '../../components/use-row-selection';
import { i18n } from '../../lib/i18n';
import { useDeletePayments } from './api';

/** Deletes the ticked payments with the spec's toasts; the ticks clear on success. */
export function useBulkDelete(selection: RowSelection<number>) {
  const remove = useDeletePayments();
  return {
    remove,
    async deleteSelected() {
      try {
        await remove.mutateAsync([...selection.selected]);
        notify.success(i18n.t('payment.bulkDeleted'));
        selection.clear();
      } catch (error) {
        notify.failure(error, i18n.t('payment.bulkDeleteFailed'), (message) =>
          i18n.t('payment.bulkDeleteError', { message }),
        );
      }
    },
  };
}
