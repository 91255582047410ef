import { type ReactNode, useEffect, useId, useRef } from 'react';
import button from '@/styles/button.module.css';
import styles from './Dialog.module.css';
import { CloseIcon } from './frame-icons.tsx';

type DialogProps = {
  open: boolean;
  /** Called however the dialog closed: Escape, the close button, or `close()` from the content. */
  onClose(): void;
  /** The heading, which also names the dialog for assistive technology. */
  title: string;
  /** Only in the page while open, so every opening starts afresh (e.g. from the saved values). */
  children: (close: () => void) => ReactNode;
};

/**
 * The app's modal window (Edit Profile, Edit Collection, Add Designs). A modal <dialog>: the page
 * behind is inert, Escape closes it, focus starts on the first field and goes back to whatever
 * opened it. A click beside the window does not close it, so a stray click loses nothing typed.
 */
export function Dialog({ open, onClose, title, children }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const close = () => dialogRef.current?.close();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      const first =
        dialog.querySelector<HTMLElement>('input:not([type="file"]):not([disabled]), textarea') ??
        dialog.querySelector<HTMLElement>('button');
      first?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      // Escape fires `cancel` then `close`; syncing on `close` covers every way of closing.
      onClose={() => {
        onClose();
        if (opener.current?.isConnected) opener.current.focus();
      }}
    >
      <div className={styles.window}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={button.icon} onClick={close} aria-label="Close">
            <CloseIcon />
          </button>
        </header>
        <div className={styles.body}>{open && children(close)}</div>
      </div>
    </dialog>
  );
}
