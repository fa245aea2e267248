/**
 * The page buttons to show, in order, with 'gap' for an ellipsis. Without `collapse`, or up to
 * 10 pages, every page; past 10 pages (spec operations.md section 9) the window current-4 …
 * current+5, plus the first and last page, with an ellipsis where pages are left out.
 */
export function pageNumbers(page: number, totalPages: number, collapse: boolean): (number | 'gap')[] {
  const all = Array.from({ length: totalPages }, (_, i) => i + 1);
  if (!collapse || totalPages <= 10) return all;
  const first = Math.max(1, page - 4);
  const last = Math.min(totalPages, page + 5);
  const window: (number | 'gap')[] = all.slice(first - 1, last);
  if (first > 1) window.unshift(1, ...(first > 2 ? ['gap' as const] : []));
  if (last < totalPages) window.push(...(last < totalPages - 1 ? ['gap' as const] : []), totalPages);
  return window;
}
