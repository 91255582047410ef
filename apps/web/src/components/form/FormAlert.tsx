import { type ReactNode, useEffect, useRef } from 'react';
import styles from './FormAlert.module.css';

type FormAlertProps = {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  /**
   * Moves the focus to the message when it appears: for a message that takes the place of the form
   * the person was in, which would otherwise leave keyboard and screen reader users nowhere.
   */
  takeFocus?: boolean;
};

/**
 * A message about the whole form: a failed submit (announced at once) or a success.
 * Renders nothing without children, so it can stay in place and fill when needed.
 */
export function FormAlert({ tone, children, takeFocus = false }: FormAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = Boolean(children);
  useEffect(() => {
    if (takeFocus && shown) ref.current?.focus();
  }, [takeFocus, shown]);
  if (!children) return null;
  return (
    <div
      ref={ref}
      tabIndex={takeFocus ? -1 : undefined}
      className={`${styles.alert} ${styles[tone]}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}

/** The reason, on its own line under the alert's first words (the server's, after 'Something went wrong'). */
export function FormAlertDetail({ children }: { children: ReactNode }) {
  return <span className={styles.detail}>{children}</span>;
}
