import { useState } from 'react';
import { notify } from '../../components/notify';
import { useDeletePayments } from './api';

/**
 * Ticked payments for a bulk delete, kept across pages. The header box ticks or clears the
 * rows of the page shown and leaves the ticks on other pages as they are.
 */
export function usePaymentSelection(pageIds: number[]) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const remove = useDeletePayments();
  const allTicked = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someTicked = pageIds.some((id) => selected.has(id));
  const edit = (change: (next: Set<number>) => void) =>
    setSelected((s) => {
      const next = new Set(s);
      change(next);
      return next;
    });

  return {
    selected,
    allTicked,
    someTicked,
    toggle: (id: number) =>
      edit((next) => {
        if (next.has(id)) next.delete(id);
        else next.add(id);
      }),
    togglePage: () =>
      edit((next) => {
        for (const id of pageIds) {
          if (allTicked) next.delete(id);
          else next.add(id);
        }
      }),
    clear: () => setSelected(new Set()),
    unselect: (id: number) =>
      edit((next) => {
        next.delete(id);
      }),
    /** Deletes the ticked payments with the spec's toasts; the selection clears on success. */
    async deleteSelected() {
      try {
        await remove.mutateAsync([...selected]);
        notify.success('Selected records deleted!');
        setSelected(new Set());
      } catch (error) {
        notify.failure(error, 'Bulk delete failed!', (m) => `Error during bulk delete: ${m}`);
      }
    },
    remove,
  };
}
