import { describe, expect, it } from 'vitest';
import { pageNumbers } from './page-numbers';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const gap = 'gap' as const;

describe('pageNumbers', () => {
  it.each([
    // 11 pages: the window reaches one end or the other, or both.
    [11, 1, [...range(1, 6), gap, 11]],
    [11, 5, range(1, 11)],
    [11, 6, range(1, 11)],
    [11, 7, [1, gap, ...range(3, 11)]],
    [11, 11, [1, gap, ...range(7, 11)]],
    // 12 pages
    [12, 1, [...range(1, 6), gap, 12]],
    [12, 5, [...range(1, 10), gap, 12]],
    [12, 6, range(1, 12)],
    [12, 7, [1, gap, ...range(3, 12)]],
    [12, 12, [1, gap, ...range(8, 12)]],
    // 50 pages: an ellipsis on each side once the window leaves both ends.
    [50, 1, [...range(1, 6), gap, 50]],
    [50, 5, [...range(1, 10), gap, 50]],
    [50, 6, [...range(1, 11), gap, 50]],
    [50, 7, [1, gap, ...range(3, 12), gap, 50]],
    [50, 50, [1, gap, ...range(46, 50)]],
  ])('%i pages, on page %i', (totalPages, page, expected) => {
    expect(pageNumbers(page, totalPages, true)).toEqual(expected);
  });

  it('shows every page up to 10 pages, or when not collapsing', () => {
    expect(pageNumbers(1, 10, true)).toEqual(range(1, 10));
    expect(pageNumbers(7, 50, false)).toEqual(range(1, 50));
    expect(pageNumbers(1, 1, true)).toEqual([1]);
  });
});
