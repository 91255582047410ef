import type { UseQueryResult } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryState } from './QueryState.tsx';

type Query = UseQueryResult<string[]>;
const refetch = () => Promise.resolve({}) as ReturnType<Query['refetch']>;
const pending = { isPending: true, isError: false, isFetching: true, refetch } as Query;
const failed = {
  isPending: false,
  isError: true,
  isFetching: false,
  error: new Error('boom'),
  refetch,
} as Query;
const retrying = { ...failed, isFetching: true } as Query;
const loaded = { isPending: false, isError: false, isFetching: false, data: ['a', 'b'], refetch } as Query;

function render(query: Query, extra: { loading?: string; placeholder?: string } = {}) {
  return renderToStaticMarkup(
    <QueryState query={query} failure={(error) => <p>Error: {error.message}</p>} {...extra}>
      {(items) => <ul>{items.join(',')}</ul>}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it("says 'Loading...' in a status region while loading, or the screen's own words", () => {
    expect(render(pending)).toMatch(/<p class="[^"]*" role="status">Loading\.\.\.<\/p>/);
    expect(render(pending, { loading: 'Loading your collections...' })).toContain(
      'Loading your collections...',
    );
    expect(render(pending, { placeholder: 'skeleton' })).toBe('skeleton');
  });

  it('shows the failure as an alert with a Try again button, which waits while asking again', () => {
    const html = render(failed);
    expect(html).toMatch(/role="alert"><p>Error: boom<\/p><button type="button"[^>]*>Try again<\/button>/);
    expect(render(retrying)).toMatch(/<button type="button"[^>]* disabled>Trying again\.\.\.<\/button>/);
  });

  it('shows the content once the data is there', () => {
    expect(render(loaded)).toBe('<ul>a,b</ul>');
  });
});
