import { describe, expect, it } from 'vitest';
import { paginationItems } from './pagination';

describe('paginationItems', () => {
  it('is empty without pages and a single link for one page', () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(1, 1)).toEqual([1]);
  });

  it('shows every page when there is nothing to leave out', () => {
    expect(paginationItems(1, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows first, last, current and neighbours with ellipsis gaps', () => {
    expect(paginationItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
  });

  it('has one gap at the start or at the end', () => {
    expect(paginationItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(paginationItems(10, 10)).toEqual([1, 'gap', 9, 10]);
    expect(paginationItems(2, 10)).toEqual([1, 2, 3, 'gap', 10]);
  });

  it('shows a single left-out page instead of an ellipsis', () => {
    expect(paginationItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(paginationItems(7, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });

  it('clamps a current page outside the range', () => {
    expect(paginationItems(99, 5)).toEqual([1, 'gap', 4, 5]);
    expect(paginationItems(-3, 5)).toEqual([1, 2, 'gap', 5]);
  });

  it('never repeats a page and keeps them in order', () => {
    for (let total = 1; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const pages = paginationItems(current, total).filter((item) => item !== 'gap');
        expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b));
        expect(pages).toContain(1);
        expect(pages).toContain(total);
        expect(pages).toContain(current);
      }
    }
  });
});
