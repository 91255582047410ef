import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { isUnauthorized } from '@/lib/unauthorized.ts';
import button from '@/styles/button.module.css';
import styles from './AdminPanels.module.css';

/** Under the field when a required reason is left empty (the server's words for it too). */
export const REASON_REQUIRED = 'Give a reason.';

/** The longest reason or note the server takes. */
const REASON_MAX_LENGTH = 2000;

export type ReasonFormProps = {
  /** What the action does, above the field. */
  intro?: ReactNode;
  /** The field's label: 'Reason', or 'Note for the audit log' where it is optional. */
  label: string;
  hint?: ReactNode;
  /** A required reason may not be empty: the form says REASON_REQUIRED instead of sending. */
  required: boolean;
  /** The submit button, and its text while the call runs. */
  submitLabel: string;
  busyLabel: string;
  /**
   * For what cannot be undone: submitting first shows `question` with `label` (which sends) and
   * Back (to the reason again).
   */
  confirm?: { question: ReactNode; label: string };
  /** Shown when the call fails and the server said nothing usable. */
  failureText: string;
  /** Makes the call with the trimmed reason; the form shows why when it throws. */
  onSubmit(reason: string): Promise<void>;
  onCancel(): void;
  /** A 401 (the session ended); without it, the failure shows like any other. */
  onUnauthorized?(): void;
};

/**
 * The dialogs of the operators' actions: a reason (required or not), optionally a confirmation,
 * then the call. A refusal shows in the server's words above the form, which stays as it was.
 */
export function ReasonForm({
  intro,
  label,
  hint,
  required,
  submitLabel,
  busyLabel,
  confirm,
  failureText,
  onSubmit,
  onCancel,
  onUnauthorized,
}: ReasonFormProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const question = useRef<HTMLParagraphElement>(null);

  // The question takes the place of the field: the focus goes to it, so it is read out.
  useEffect(() => {
    if (confirming) question.current?.focus();
  }, [confirming]);

  const send = async (text: string) => {
    setBusy(true);
    try {
      await onSubmit(text);
    } catch (cause) {
      if (onUnauthorized && isUnauthorized(cause)) onUnauthorized();
      else setFailure(errorMessage(cause, failureText));
    }
    setBusy(false);
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const text = reason.trim();
    if (required && text === '') {
      setError(REASON_REQUIRED);
      field.current?.focus();
      return;
    }
    if (confirm && !confirming) {
      setConfirming(true);
      return;
    }
    void send(text);
  };

  const secondary = `${button.base} ${button.secondary}`;
  const primary = `${button.base} ${button.primary}`;
  return (
    <form className={styles.form} onSubmit={onFormSubmit} noValidate>
      <FormAlert tone="error">{failure}</FormAlert>
      {confirming && confirm ? (
        <>
          <p ref={question} tabIndex={-1} className={styles.question}>
            {confirm.question}
          </p>
          <p className={styles.muted}>
            {label}: {reason.trim()}
          </p>
          <div className={styles.dialogActions}>
            <button type="button" className={secondary} onClick={() => setConfirming(false)} disabled={busy}>
              Back
            </button>
            <button type="submit" className={primary} disabled={busy} aria-busy={busy}>
              {busy ? busyLabel : confirm.label}
            </button>
          </div>
        </>
      ) : (
        <>
          {intro && <p>{intro}</p>}
          <TextAreaField
            ref={field}
            label={label}
            hint={hint ?? (required ? undefined : 'Optional.')}
            rows={3}
            maxLength={REASON_MAX_LENGTH}
            required={required}
            error={error}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              if (error) setError(undefined);
            }}
          />
          <div className={styles.dialogActions}>
            <button type="button" className={secondary} onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className={primary} disabled={busy} aria-busy={busy}>
              {busy ? busyLabel : submitLabel}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
