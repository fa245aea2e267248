import { useCurrentPeriod } from '../../lib/config';
import { useLatestBill } from './api';

/**
 * The month and year receipts are taken for (docs/rules.md section 23): what the person picked,
 * kept when the colony or customer changes; else the colony's latest bill's, as bills are made in
 * the first days of the next month and customers pay then; else (no colony yet, no bill yet) the
 * current month. Null while the colony's latest bill is asked for, so nothing is taken for a
 * month about to change.
 */
export function useReceiptPeriod(colony: string | null, picked: { month: string | null; year: string | null }) {
  const current = useCurrentPeriod();
  const latest = useLatestBill(colony);
  const bill = latest.data?.month && latest.data.year ? { month: latest.data.month, year: latest.data.year } : null;
  const fallback = colony && latest.isPending ? null : (bill ?? current);
  return {
    month: picked.month ?? (fallback && String(fallback.month)),
    year: picked.year ?? (fallback && String(fallback.year)),
  };
}
