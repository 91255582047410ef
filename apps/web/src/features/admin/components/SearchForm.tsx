import { type FormEvent, useState } from 'react';
import { TextField } from '@/components/form/TextField.tsx';
import { MIN_SEARCH_LENGTH } from '@/features/admin/api/users.ts';
import button from '@/styles/button.module.css';
import styles from './AdminPanels.module.css';

/** Under the field when fewer characters are typed than the server searches by. */
export const SEARCH_TOO_SHORT = 'Type at least 2 characters.';

type SearchFormProps = {
  /** The field's label, which also names the form. */
  label: string;
  placeholder: string;
  /** With the trimmed text, at least two characters long. */
  onSearch(q: string): void;
};

/** The console's search of people or purchases: only 'Search' (or Enter) asks the server. */
export function SearchForm({ label, placeholder, onSearch }: SearchFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q.length < MIN_SEARCH_LENGTH) {
      setError(SEARCH_TOO_SHORT);
      return;
    }
    setError(undefined);
    onSearch(q);
  };

  return (
    <form className={styles.search} onSubmit={onSubmit} aria-label={label} noValidate>
      <TextField
        label={label}
        type="search"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={100}
        placeholder={placeholder}
        error={error}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <button type="submit" className={`${button.base} ${button.primary} ${styles.searchButton}`}>
        Search
      </button>
    </form>
  );
}
