import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SearchIcon } from '@/components/ui/frame-icons.tsx';
import { searchQueryOptions } from '@/features/search/api/search.ts';
import { parseSearchParams } from '@/features/search/search-params.ts';
import { routePatterns } from '@/lib/paths.ts';
import styles from './SearchForm.module.css';
import { searchPath } from './search-path.ts';

export function SearchForm({ className }: { className?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const inputId = useId();
  const [text, setText] = useState('');

  // On the search screen the field shows what was searched (also after Back/Forward);
  // elsewhere it keeps whatever the person typed.
  useEffect(() => {
    if (location.pathname.toLowerCase() === `/${routePatterns.search}`) {
      setText(new URLSearchParams(location.search).get('query') ?? '');
    }
  }, [location.pathname, location.search]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = searchPath(text);
    if (!path) return;
    // The search call starts before the screen changes (docs/product.md#frame); the results screen reads
    // its address into these same parameters, so it shows this very request's answer.
    void queryClient.prefetchQuery(
      searchQueryOptions(parseSearchParams(new URLSearchParams({ query: text }))),
    );
    navigate(path);
  };

  return (
    <search className={className}>
      {/* The action makes it work as plain HTML too, before the app has started on a rendered page. */}
      <form className={styles.form} action={`/${routePatterns.search}`} method="get" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search designs
        </label>
        <input
          id={inputId}
          className={styles.input}
          type="search"
          name="query"
          placeholder="Search designs..."
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={styles.button} aria-label="Search">
          <SearchIcon size={18} />
        </button>
      </form>
    </search>
  );
}
