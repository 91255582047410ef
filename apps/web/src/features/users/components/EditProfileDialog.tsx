import type { CurrentUser } from '@printmarket/shared/types';
import { useEffect, useId, useRef } from 'react';
import { CloseIcon } from '../../../app/layout/icons.tsx';
import styles from './EditProfileDialog.module.css';
import { EditProfileForm } from './EditProfileForm.tsx';

type EditProfileDialogProps = {
  open: boolean;
  onClose(): void;
  user: CurrentUser;
};

/**
 * The Edit Profile modal (spec section 2). A modal <dialog>: the page behind is inert, Escape
 * closes it, focus starts on the first field and goes back to whatever opened it. A click beside
 * the window does not close it, so a stray click never throws away what was typed. The form is
 * only in the page while open, so every opening starts from the saved profile.
 */
export function EditProfileDialog({ open, onClose, user }: EditProfileDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('input:not([type="file"]), textarea')?.focus();
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
            Edit Profile
          </h2>
          <button
            type="button"
            className={styles.close}
            onClick={() => dialogRef.current?.close()}
            aria-label="Close"
          >
            <CloseIcon />
          </button>
        </header>
        <div className={styles.body}>
          {open && (
            <EditProfileForm
              user={user}
              onSaved={() => dialogRef.current?.close()}
              onCancel={() => dialogRef.current?.close()}
            />
          )}
        </div>
      </div>
    </dialog>
  );
}
