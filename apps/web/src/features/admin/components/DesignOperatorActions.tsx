import { useState } from 'react';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import button from '@/styles/button.module.css';
import styles from './DesignOperatorActions.module.css';
import { RestoreDesignForm } from './RestoreDesignForm.tsx';
import { TakeDownDesignForm } from './TakeDownDesignForm.tsx';

type DesignOperatorActionsProps = {
  designId: string;
  /** Whether the design is taken down now: Restore then, else Take down. */
  takenDown: boolean;
};

const TITLES = { takedown: 'Take down the design', restore: 'Restore the design' } as const;

/**
 * An operator's bar on a design's page (docs/product.md#design-page): Take down, or Restore. Either
 * has every design query asked again, the page's own included (see refreshAfterDesignChange).
 */
export function DesignOperatorActions({ designId, takenDown }: DesignOperatorActionsProps) {
  // The action is fixed when the dialog opens: the page's data changes under it once it is done.
  const [open, setOpen] = useState<keyof typeof TITLES | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const done = (text: string, close: () => void) => {
    setNotice(text);
    close();
  };

  return (
    <section className={styles.bar} aria-label="Operator actions">
      <span className={styles.label}>Operator</span>
      <button
        type="button"
        className={`${button.base} ${button.secondary}`}
        aria-haspopup="dialog"
        onClick={() => {
          setNotice(null);
          setOpen(takenDown ? 'restore' : 'takedown');
        }}
      >
        {takenDown ? 'Restore' : 'Take down'}
      </button>
      <FormAlert tone="success">{notice}</FormAlert>
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={TITLES[open ?? 'takedown']}>
        {(close) =>
          open === 'restore' ? (
            <RestoreDesignForm
              designId={designId}
              onCancel={close}
              onRestored={() => done('The design was restored.', close)}
            />
          ) : (
            <TakeDownDesignForm
              designId={designId}
              onCancel={close}
              onTakenDown={() => done('The design was taken down.', close)}
            />
          )
        }
      </Dialog>
    </section>
  );
}
