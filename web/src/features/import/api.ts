import { type ImportRow, importCustomersResponse } from '@dairy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Checks the rows (`dryRun`) or imports them all; the answer lists every row's problems. */
export function useImportCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, dryRun }: { rows: ImportRow[]; dryRun: boolean }) =>
      call.post('/import/customers', importCustomersResponse, { rows, dryRun }),
    onSuccess: (answer) => {
      // New customers and consumptions: every list that shows them loads again.
      if (answer.created > 0) void queryClient.invalidateQueries();
    },
  });
}
