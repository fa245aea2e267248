/**
 * Where a page of a list ordered by date, newest first, falls: from how many rows each date
 * holds, the dates the page spans and how many rows of them come before it. The page is then
 * read from those dates alone, so its cost follows the page, not the history before it.
 */
export interface DateCount {
  date: string;
  rows: number;
}

export interface PageDates {
  /** The oldest and the newest date of the page. */
  from: string;
  to: string;
  /** Rows of those dates before the page's first. */
  skip: number;
}

/** `counts` newest date first; undefined when the page lies past the last row. */
export function pageDates(
  counts: readonly DateCount[],
  window: { limit: number; offset: number },
): PageDates | undefined {
  let before = 0;
  let first: { date: string; skip: number } | undefined;
  for (const { date, rows } of counts) {
    if (!first && before + rows > window.offset) first = { date, skip: window.offset - before };
    before += rows;
    if (first && before >= window.offset + window.limit) return { from: date, to: first.date, skip: first.skip };
  }
  const last = counts[counts.length - 1];
  return first && last ? { from: last.date, to: first.date, skip: first.skip } : undefined;
}
