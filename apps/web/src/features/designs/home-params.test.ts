import { describe, expect, it } from 'vitest';
import { homeHref, parseHomeParams } from './home-params.ts';

const parse = (query: string) => parseHomeParams(new URLSearchParams(query));

describe('home listing address', () => {
  it('defaults to the newest designs, first page', () => {
    expect(parse('')).toEqual({ sort: 'newest', page: 1 });
  });

  it('reads a sort and page from the address', () => {
    expect(parse('sort=most-popular&page=3')).toEqual({ sort: 'most-popular', page: 3 });
    expect(parse('sort=most-downloaded')).toEqual({ sort: 'most-downloaded', page: 1 });
  });

  it('ignores unknown sorts and malformed pages', () => {
    expect(parse('sort=cheapest&page=2')).toEqual({ sort: 'newest', page: 2 });
    for (const page of ['0', '-1', 'abc', '2.5', '1e3', '99999999', '']) {
      expect(parse(`page=${page}`).page).toBe(1);
    }
  });

  it('writes defaults as the bare home page and round-trips everything else', () => {
    expect(homeHref({ sort: 'newest', page: 1 })).toBe('/');
    expect(homeHref({ sort: 'newest', page: 4 })).toBe('/?page=4');
    expect(homeHref({ sort: 'most-popular', page: 3 })).toBe('/?sort=most-popular&page=3');
    const href = homeHref({ sort: 'most-downloaded', page: 7 });
    expect(parse(href.slice(2))).toEqual({ sort: 'most-downloaded', page: 7 });
  });
});
