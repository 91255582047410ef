import { describe, expect, it } from 'vitest';
import { listingHref, listingSort } from './home-sort.ts';

describe('the home listing with a saved default order', () => {
  it('follows the address when it names an order, else the saved default', () => {
    expect(listingSort('most-downloaded', 'most-popular')).toBe('most-downloaded');
    expect(listingSort('newest', 'most-popular')).toBe('newest');
    expect(listingSort(null, 'most-popular')).toBe('most-popular');
    expect(listingSort('oldest', 'most-downloaded')).toBe('most-downloaded');
  });

  it('keeps the plain address for people who kept the product’s default', () => {
    expect(listingHref({ sort: 'newest', page: 1 }, 'newest')).toBe('/');
    expect(listingHref({ sort: 'newest', page: 3 }, 'newest')).toBe('/?page=3');
    expect(listingHref({ sort: 'most-popular', page: 1 }, 'newest')).toBe('/?sort=most-popular');
  });

  it('names newest in the address when the plain one would show another order', () => {
    // Without it, choosing "Newest First" would lead back to the saved order.
    expect(listingHref({ sort: 'newest', page: 1 }, 'most-popular')).toBe('/?sort=newest');
    expect(listingHref({ sort: 'newest', page: 2 }, 'most-downloaded')).toBe('/?sort=newest&page=2');
  });

  it('names every other order, so a shared address shows everyone the same listing', () => {
    expect(listingHref({ sort: 'most-popular', page: 2 }, 'most-popular')).toBe('/?sort=most-popular&page=2');
    for (const preferred of ['newest', 'most-popular', 'most-downloaded'] as const) {
      for (const sort of ['newest', 'most-popular', 'most-downloaded'] as const) {
        const href = listingHref({ sort, page: 1 }, preferred);
        const search = new URLSearchParams(href.slice(href.indexOf('?') + 1));
        expect(listingSort(href === '/' ? null : search.get('sort'), preferred)).toBe(sort);
      }
    }
  });
});
