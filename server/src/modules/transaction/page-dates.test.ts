import { describe, expect, it } from 'vitest';
import { type DateCount, pageDates } from './page-dates';

const counts: DateCount[] = [
  { date: '2026-05-31', rows: 3 },
  { date: '2026-05-30', rows: 2 },
  { date: '2026-05-29', rows: 4 },
];

/** The rows a page holds, read the way the list reads them: every row of the dates, then skip and limit. */
function pageOf(window: { limit: number; offset: number }) {
  const rows = counts.flatMap(({ date, rows: n }) => Array.from({ length: n }, (_, i) => `${date}#${i}`));
  return rows.slice(window.offset, window.offset + window.limit);
}

function readPage(window: { limit: number; offset: number }) {
  const dates = pageDates(counts, window);
  if (!dates) return [];
  const rows = counts
    .filter((c) => c.date >= dates.from && c.date <= dates.to)
    .flatMap(({ date, rows: n }) => Array.from({ length: n }, (_, i) => `${date}#${i}`));
  return rows.slice(dates.skip, dates.skip + window.limit);
}

describe('pageDates', () => {
  it('spans only the dates the page falls on', () => {
    expect(pageDates(counts, { limit: 2, offset: 0 })).toEqual({ from: '2026-05-31', to: '2026-05-31', skip: 0 });
    expect(pageDates(counts, { limit: 3, offset: 0 })).toEqual({ from: '2026-05-31', to: '2026-05-31', skip: 0 });
    expect(pageDates(counts, { limit: 2, offset: 2 })).toEqual({ from: '2026-05-30', to: '2026-05-31', skip: 2 });
    expect(pageDates(counts, { limit: 2, offset: 3 })).toEqual({ from: '2026-05-30', to: '2026-05-30', skip: 0 });
    expect(pageDates(counts, { limit: 100, offset: 4 })).toEqual({ from: '2026-05-29', to: '2026-05-30', skip: 1 });
  });

  it('has nothing past the last row, or with no rows at all', () => {
    expect(pageDates(counts, { limit: 2, offset: 9 })).toBeUndefined();
    expect(pageDates([], { limit: 2, offset: 0 })).toBeUndefined();
  });

  it('gives every page the rows the whole list would', () => {
    for (let limit = 1; limit <= 10; limit++)
      for (let offset = 0; offset <= 10; offset++)
        expect(readPage({ limit, offset })).toEqual(pageOf({ limit, offset }));
  });
});
