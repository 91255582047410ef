import { describe, expect, it } from 'vitest';
import { paginationItems } from './pagination-items.ts';

describe('paginationItems', () => {
  it('shows nothing when there are no pages', () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(1, Number.NaN)).toEqual([]);
  });

  it('lists every page when there are few', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(2, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps first, last and the neighbours of the current page, with ellipses between', () => {
    expect(paginationItems(5, 10)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 10]);
  });

  it('puts a single ellipsis on the far side near either end', () => {
    expect(paginationItems(1, 10)).toEqual([1, 2, 'end-ellipsis', 10]);
    expect(paginationItems(10, 10)).toEqual([1, 'start-ellipsis', 9, 10]);
  });

  it('shows a lone hidden page instead of an ellipsis for it', () => {
    expect(paginationItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 10]);
    expect(paginationItems(7, 10)).toEqual([1, 'start-ellipsis', 6, 7, 8, 9, 10]);
  });

  it('clamps a current page outside the range', () => {
    expect(paginationItems(0, 10)).toEqual(paginationItems(1, 10));
    expect(paginationItems(99, 10)).toEqual(paginationItems(10, 10));
  });

  it('always includes the current, first and last page, in ascending order', () => {
    for (let total = 1; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const pages = paginationItems(current, total).filter((i) => typeof i === 'number');
        expect(pages).toContain(current);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
        // Neighbouring pages are always reachable in one step.
        if (current > 1) expect(pages).toContain(current - 1);
        if (current < total) expect(pages).toContain(current + 1);
        // An ellipsis always stands for two or more pages.
        const items = paginationItems(current, total);
        items.forEach((item, i) => {
          if (typeof item === 'number') return;
          const before = items[i - 1] as number;
          const after = items[i + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
      }
    }
  });
});
