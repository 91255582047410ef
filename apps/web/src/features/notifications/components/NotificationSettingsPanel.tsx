import { MSG } from '@printmarket/shared/messages';
import {
  NOTIFICATION_GROUPS,
  type NotificationKind,
  type NotificationSettings,
} from '@printmarket/shared/notifications';
import { useEffect, useState } from 'react';
import field from '@/components/form/Field.module.css';
import group from '@/components/form/Fieldset.module.css';
import { FormAlert, FormAlertDetail } from '@/components/form/FormAlert.tsx';
import { QueryState } from '@/components/ui/QueryState.tsx';
import {
  useNotificationSettings,
  useSaveNotificationSettingsMutation,
} from '@/features/notifications/api/notification-settings.ts';
import { ApiError } from '@/lib/api-client.ts';
import styles from './NotificationSettingsPanel.module.css';

const FAILED_LOAD = 'Failed to load email notifications';
const FAILED_SAVE = 'Your change was not saved. Try again.';

const isSessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Settings > Preferences: one toggle per kind of notification mail, each saved as soon as it
 * changes. `onUnauthorized` runs when the API says the session has ended.
 */
export function NotificationSettingsPanel({ onUnauthorized }: { onUnauthorized(): void }) {
  const query = useNotificationSettings();
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
      {(saved) => <NotificationToggles saved={saved} onUnauthorized={onUnauthorized} />}
    </QueryState>
  );
}

function NotificationToggles({
  saved,
  onUnauthorized,
}: {
  saved: NotificationSettings;
  onUnauthorized(): void;
}) {
  const save = useSaveNotificationSettingsMutation();
  // What was chosen here, shown at once and kept once saved. (The query's copy takes the server's
  // answer a moment after the save resolves: falling back to it then would flick the toggle back.)
  // A choice that fails to save is dropped, so its toggle shows the saved value again.
  const [chosen, setChosen] = useState<Partial<NotificationSettings>>({});
  const [saving, setSaving] = useState(0);
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (kind: NotificationKind, on: boolean) => {
    setChosen((current) => ({ ...current, [kind]: on }));
    setSaving((count) => count + 1);
    setStatus('idle');
    try {
      await save.mutateAsync({ [kind]: on });
      // A failure of an earlier change stays on screen: its toggle went back.
      setStatus((current) => (current === 'failed' ? current : 'saved'));
    } catch (error) {
      setChosen((current) => {
        // Changed again in the meantime: the newer choice is still on its way.
        if (current[kind] !== on) return current;
        const { [kind]: _failed, ...others } = current;
        return others;
      });
      setFailure(error instanceof ApiError ? error.serverMessage : null);
      setStatus('failed');
      if (isSessionEnded(error)) onUnauthorized();
    } finally {
      setSaving((count) => count - 1);
    }
  };

  return (
    <div className={styles.panel}>
      <p className={styles.note}>
        Security emails (password reset, email address confirmation) are always sent.
      </p>
      {NOTIFICATION_GROUPS.map(({ title, kinds }) => (
        <fieldset key={title} className={group.fieldset}>
          <legend className={`${field.label} ${styles.legend}`}>{title}</legend>
          {kinds.map(({ kind, label }) => (
            <label key={kind} className={styles.toggle}>
              <input
                type="checkbox"
                checked={chosen[kind] ?? saved[kind]}
                onChange={(event) => void change(kind, event.currentTarget.checked)}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
      ))}
      {/* Under the toggles: appearing above them, it would move the next one away from the pointer. */}
      {saving > 0 ? (
        <FormAlert tone="info">Saving...</FormAlert>
      ) : (
        <>
          <FormAlert tone="error">
            {status === 'failed' && (
              <>
                <strong>{MSG.somethingWrong}</strong>
                <FormAlertDetail>{failure ?? FAILED_SAVE}</FormAlertDetail>
              </>
            )}
          </FormAlert>
          <FormAlert tone="success">{status === 'saved' && 'Email notifications saved.'}</FormAlert>
        </>
      )}
    </div>
  );
}
