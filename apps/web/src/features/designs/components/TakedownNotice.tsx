import {
  type DesignTakedown,
  TAKEDOWN_ALREADY_REPLIED,
  TAKEDOWN_REPLY_SENT,
} from '@printmarket/shared/admin';
import { formatShortDate } from '@printmarket/shared/en-format';
import { useId, useState } from 'react';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import styles from './TakedownNotice.module.css';
import { TakedownReplyForm } from './TakedownReplyForm.tsx';

type TakedownNoticeProps = {
  designId: string;
  takedown: DesignTakedown;
  /** The owner reads 'you' and may reply once; an operator reads about the owner. */
  isOwner: boolean;
};

const formatDate = (iso: string) => formatShortDate(new Date(iso));

/**
 * The top of a taken-down design's page, which only its owner and operators reach
 * (docs/product.md#design-page): that operators took it down, when and why, that nobody else sees
 * it, and the owner's one reply, or for the owner the form to write it.
 */
export function TakedownNotice({ designId, takedown, isOwner }: TakedownNoticeProps) {
  const headingId = useId();
  // The answer's reply shows at once, whether or not the page's data has it yet.
  const [sent, setSent] = useState<DesignTakedown['reply']>(null);
  const [alert, setAlert] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const reply = takedown.reply ?? sent;
  const who = isOwner ? 'you' : 'its owner';

  return (
    <section className={styles.notice} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        This design was taken down
      </h2>
      <p>
        Operators took this design down on <time dateTime={takedown.at}>{formatDate(takedown.at)}</time>.
        Nobody else can see it: only {who} and the operators can open this page.
      </p>
      <dl className={styles.fields}>
        <div className={styles.field}>
          <dt>Reason</dt>
          <dd className={styles.quote}>{takedown.reason}</dd>
        </div>
        {reply && (
          <div className={styles.field}>
            <dt>{isOwner ? 'Your reply' : 'Owner’s reply'}</dt>
            <dd>
              <span className={styles.quote}>{reply.message}</span>{' '}
              <span className={styles.muted}>
                (sent <time dateTime={reply.at}>{formatDate(reply.at)}</time>)
              </span>
            </dd>
          </div>
        )}
      </dl>
      {alert && (
        <FormAlert tone={alert.tone} takeFocus>
          {alert.text}
        </FormAlert>
      )}
      {!reply &&
        !alert &&
        (isOwner ? (
          <TakedownReplyForm
            designId={designId}
            onSent={(answer) => {
              setSent(answer.reply);
              setAlert({ tone: 'success', text: TAKEDOWN_REPLY_SENT });
            }}
            onAlreadyReplied={(message) =>
              setAlert({ tone: 'error', text: message ?? TAKEDOWN_ALREADY_REPLIED })
            }
          />
        ) : (
          <p className={styles.muted}>The owner has not replied.</p>
        ))}
    </section>
  );
}
