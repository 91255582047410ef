import type { DesignTakedown } from '@printmarket/shared/admin';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { useTakedownReply } from '@/features/designs/api/takedown-reply.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import button from '@/styles/button.module.css';
import styles from './TakedownNotice.module.css';

/** Under the field when it is left empty (the server's words for it too). */
export const REPLY_REQUIRED = 'Write your reply.';
export const FAILED_REPLY = 'Failed to send your reply. Please try again.';
const REPLY_MAX_LENGTH = 5000;

type TakedownReplyFormProps = {
  designId: string;
  onSent(takedown: DesignTakedown): void;
  /** A 409: a reply was sent already; with the server's words. */
  onAlreadyReplied(message: string | null): void;
};

/** The owner's one reply to a takedown, for the operators to read. */
export function TakedownReplyForm({ designId, onSent, onAlreadyReplied }: TakedownReplyFormProps) {
  const reply = useTakedownReply(designId);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reply.isPending) return;
    setFailure(null);
    const text = message.trim();
    if (text === '') {
      setError(REPLY_REQUIRED);
      field.current?.focus();
      return;
    }
    try {
      const { takedown } = await reply.mutateAsync(text);
      onSent(takedown);
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 409) onAlreadyReplied(cause.serverMessage);
      else setFailure(errorMessage(cause, FAILED_REPLY));
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert tone="error">{failure}</FormAlert>
      <TextAreaField
        ref={field}
        label="Your reply to the operators"
        hint="You can reply once. The operators read it and may restore the design."
        rows={4}
        maxLength={REPLY_MAX_LENGTH}
        error={error}
        value={message}
        onChange={(event) => {
          setMessage(event.currentTarget.value);
          if (error) setError(undefined);
        }}
      />
      <div className={styles.actions}>
        <button
          type="submit"
          className={`${button.base} ${button.primary}`}
          disabled={reply.isPending}
          aria-busy={reply.isPending}
        >
          {reply.isPending ? 'Sending...' : 'Send reply'}
        </button>
      </div>
    </form>
  );
}
