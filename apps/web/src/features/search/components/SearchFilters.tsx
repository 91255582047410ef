import { CATEGORIES, type Category, TAG_MAX_LENGTH } from '@printmarket/shared/constants';
import { PRICE_FILTERS, type PriceFilter } from '@printmarket/shared/search';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { normaliseTag, type SearchParams, withFilters } from '@/features/search/search-params.ts';
import button from '@/styles/button.module.css';
import styles from './SearchFilters.module.css';

const PRICE_LABELS: Record<PriceFilter, string> = { free: 'Free', paid: 'Paid' };

type SearchFiltersProps = {
  params: SearchParams;
  /** Called with the search to show next (its first page). */
  onChange: (next: SearchParams) => void;
};

/**
 * Category, price and tag filters. Native controls, so keyboards, screen readers and phones' own
 * pickers work as people expect; the choices live in the address, not in this component.
 */
export function SearchFilters({ params, onChange }: SearchFiltersProps) {
  const id = useId();
  const [tag, setTag] = useState(params.tag);
  // Back and Forward change the address: the field follows it.
  useEffect(() => setTag(params.tag), [params.tag]);

  const applyTag = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange(withFilters(params, { tag: normaliseTag(tag) }));
  };

  return (
    <form className={styles.filters} aria-label="Filter results" onSubmit={applyTag}>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-category`}>
          Category
        </label>
        <select
          id={`${id}-category`}
          className={styles.select}
          value={params.category ?? ''}
          onChange={(event) =>
            onChange(withFilters(params, { category: (event.target.value || null) as Category | null }))
          }
        >
          <option value="">All categories</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-price`}>
          Price
        </label>
        <select
          id={`${id}-price`}
          className={styles.select}
          value={params.price ?? ''}
          onChange={(event) =>
            onChange(withFilters(params, { price: (event.target.value || null) as PriceFilter | null }))
          }
        >
          <option value="">Free and paid</option>
          {PRICE_FILTERS.map((price) => (
            <option key={price} value={price}>
              {PRICE_LABELS[price]}
            </option>
          ))}
        </select>
      </div>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-tag`}>
          Tag
        </label>
        <div className={styles.tagRow}>
          <input
            id={`${id}-tag`}
            className={styles.input}
            type="text"
            value={tag}
            maxLength={TAG_MAX_LENGTH}
            placeholder="Any tag"
            autoComplete="off"
            enterKeyHint="done"
            onChange={(event) => setTag(event.target.value)}
          />
          <button type="submit" className={`${button.base} ${button.secondary}`}>
            Apply
          </button>
          {params.tag && (
            <button
              type="button"
              className={`${button.base} ${button.ghost}`}
              onClick={() => onChange(withFilters(params, { tag: '' }))}
            >
              Clear<span className="visually-hidden"> tag filter</span>
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
