import { DESIGN_SORTS, type DesignSort } from '@printmarket/shared/constants';
import { MSG } from '@printmarket/shared/messages';
import type { Preferences } from '@printmarket/shared/preference-defaults';
import { type FormEvent, useEffect, useId, useState } from 'react';
import field from '@/components/form/Field.module.css';
import { FormAlert, FormAlertDetail } from '@/components/form/FormAlert.tsx';
import { LoadingStatus, QueryState } from '@/components/ui/QueryState.tsx';
import { useSavedPreferences } from '@/features/preferences/api/preferences.ts';
import { useSavePreferencesMutation } from '@/features/preferences/api/save-preferences.ts';
import { HOME_SORT_LABELS } from '@/features/preferences/home-sort.ts';
import { ApiError } from '@/lib/api-client.ts';
import button from '@/styles/button.module.css';
import styles from './PreferencesForm.module.css';

const FAILED_LOAD = 'Failed to load preferences';

const isSessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Settings > Preferences: the saved choices, loaded first so the form never starts from a guess.
 * `onUnauthorized` runs when the API says the session has ended.
 */
export function PreferencesPanel({ onUnauthorized }: { onUnauthorized(): void }) {
  const query = useSavedPreferences();
  const ended = isSessionEnded(query.error);
  useEffect(() => {
    if (ended) onUnauthorized();
  }, [ended, onUnauthorized]);

  return (
    <QueryState
      query={query}
      failure={(error) => (
        <p>Error: {error instanceof ApiError ? (error.serverMessage ?? FAILED_LOAD) : FAILED_LOAD}</p>
      )}
    >
      {(saved) =>
        // The remembered copy shows elsewhere while loading; a form to change them waits for the real one.
        query.isPlaceholderData ? (
          <LoadingStatus />
        ) : (
          <PreferencesForm saved={saved} onUnauthorized={onUnauthorized} />
        )
      }
    </QueryState>
  );
}

function PreferencesForm({ saved, onUnauthorized }: { saved: Preferences; onUnauthorized(): void }) {
  const save = useSavePreferencesMutation();
  const sortId = useId();
  const autoOpenHintId = useId();
  const [homeSort, setHomeSort] = useState<DesignSort>(saved.homeSort);
  const [autoOpen3d, setAutoOpen3d] = useState(saved.autoOpen3d);
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle');
  const failure = save.error instanceof ApiError ? save.error.serverMessage : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('idle');
    try {
      await save.mutateAsync({ homeSort, autoOpen3d });
      setStatus('saved');
    } catch (error) {
      // What was chosen stays chosen, so saving again is one click.
      setStatus('failed');
      if (isSessionEnded(error)) onUnauthorized();
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert tone="error">
        {status === 'failed' && (
          <>
            <strong>{MSG.somethingWrong}</strong>
            {failure && <FormAlertDetail>{failure}</FormAlertDetail>}
          </>
        )}
      </FormAlert>
      <FormAlert tone="success">{status === 'saved' && 'Preferences saved.'}</FormAlert>

      <div className={field.field}>
        <label htmlFor={sortId} className={field.label}>
          Default sort of the home page
        </label>
        <select
          id={sortId}
          className={`${field.input} ${styles.select}`}
          value={homeSort}
          onChange={(event) => setHomeSort(event.target.value as DesignSort)}
        >
          {DESIGN_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {HOME_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
        <p className={field.hint}>Used when the home page address does not name an order.</p>
      </div>

      <div className={styles.check}>
        <input
          id={`${sortId}-3d`}
          type="checkbox"
          checked={autoOpen3d}
          aria-describedby={autoOpenHintId}
          onChange={(event) => setAutoOpen3d(event.target.checked)}
        />
        <div>
          <label htmlFor={`${sortId}-3d`} className={field.label}>
            Open the 3D view automatically on design pages
          </label>
          <p id={autoOpenHintId} className={field.hint}>
            Design pages whose models you may view start in 3D instead of with the photos.
          </p>
        </div>
      </div>

      <div className={styles.actions}>
        <button type="submit" className={`${button.base} ${button.primary}`} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Preferences'}
        </button>
      </div>
    </form>
  );
}
