import { describe, expect, it } from 'vitest';
import { pageWindow, totalPages } from './pagination';

describe('pagination', () => {
  it.each([
    [0, 200, 0],
    [1, 200, 1],
    [200, 200, 1],
    [201, 200, 2],
    [1000, 100, 10],
    [1001, 100, 11],
  ])('%i rows by %i a page make %i pages', (total, limit, pages) => {
    expect(totalPages(total, limit)).toBe(pages);
  });

  it.each([
    [1, 200, 0],
    [2, 200, 200],
    [3, 20, 40],
  ])('page %i of %i rows starts at row %i', (page, limit, offset) => {
    expect(pageWindow(page, limit)).toEqual({ limit, offset });
  });
});
