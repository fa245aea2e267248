import { paymentTexts } from '@dairy/contract';
import { notify } from '../../components/notify';
import type { RowSelection } from '../../components/use-row-selection';
import { useDeletePayments } from './api';

/** Deletes the ticked payments with the spec's toasts; the ticks clear on success. */
export function useBulkDelete(selection: RowSelection<number>) {
  const remove = useDeletePayments();
  return {
    remove,
    async deleteSelected() {
      try {
        await remove.mutateAsync([...selection.selected]);
        notify.success(paymentTexts.bulkDeleted);
        selection.clear();
      } catch (error) {
        notify.failure(error, paymentTexts.bulkDeleteFailed, paymentTexts.bulkDeleteError);
      }
    },
  };
}
