import { describe, expect, it } from 'vitest';
import { parseSearchParams, searchHref, withFilters } from './search-params.ts';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('search params', () => {
  it('reads the query, page and filters from the address', () => {
    expect(parse('query=%20red%20dragon%20&page=3&category=home&price=paid&tag=%20Fantasy%20Art')).toEqual({
      query: 'red dragon',
      page: 3,
      category: 'Home',
      price: 'paid',
      tag: 'fantasy art',
    });
  });

  it('falls back to no filter and the first page for values it cannot use', () => {
    expect(parse(`query=vase&page=-2&category=Spaceships&price=cheap&tag=${'x'.repeat(31)}`)).toEqual({
      query: 'vase',
      page: 1,
      category: null,
      price: null,
      tag: '',
    });
    expect(parse('').query).toBe('');
  });

  it('writes an address that reads back the same, without defaults', () => {
    const params = parse('query=cable+clip+%26+hook&category=Tools&price=free&tag=desk&page=2');
    const href = searchHref(params);
    expect(href).toBe('/search?query=cable+clip+%26+hook&category=Tools&price=free&tag=desk&page=2');
    expect(parse(href.split('?')[1]!)).toEqual(params);
    expect(searchHref(parse('query=vase'))).toBe('/search?query=vase');
  });

  it('goes back to the first page when a filter changes', () => {
    expect(withFilters(parse('query=vase&page=4'), { price: 'free' })).toMatchObject({
      page: 1,
      price: 'free',
    });
  });
});
