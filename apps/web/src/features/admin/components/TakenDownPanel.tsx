import type { AdminDesign } from '@printmarket/shared/admin';
import { useState } from 'react';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import { QueryState } from '@/components/ui/QueryState.tsx';
import { useTakenDownDesigns } from '@/features/admin/api/designs.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useReportUnauthorized } from '@/lib/unauthorized.ts';
import styles from './AdminPanels.module.css';
import { RefundBuyersForm } from './RefundBuyersForm.tsx';
import { RestoreDesignForm } from './RestoreDesignForm.tsx';
import { type TakenDownAction, TakenDownCard } from './TakenDownCard.tsx';

/** Shown when the list cannot be loaded and the server said nothing usable. */
export const FAILED_FETCH_TAKEN_DOWN = 'Failed to load the taken-down designs';

const TITLES: Record<TakenDownAction, string> = {
  restore: 'Restore the design',
  refund: 'Refund all buyers',
};

export const refundedText = (count: number) => {
  if (count === 0) return 'Nobody had bought it: no one was refunded.';
  return count === 1 ? 'Refunded 1 buyer.' : `Refunded ${count} buyers.`;
};

/** The operator console's Taken down tab (docs/product.md#operator-console): newest first. */
export function TakenDownPanel({ onUnauthorized }: { onUnauthorized(): void }) {
  const designs = useTakenDownDesigns();
  const [acting, setActing] = useState<{ design: AdminDesign; action: TakenDownAction } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useReportUnauthorized(designs.error, onUnauthorized);

  const done = (text: string, close: () => void) => {
    setNotice(text);
    close();
  };

  return (
    <div className={styles.panel}>
      <FormAlert tone="success">{notice}</FormAlert>
      <QueryState query={designs} failure={(error) => <p>{errorMessage(error, FAILED_FETCH_TAKEN_DOWN)}</p>}>
        {(data) =>
          data.designs.length === 0 ? (
            <EmptyState>No taken-down designs.</EmptyState>
          ) : (
            <ul className={styles.cards}>
              {data.designs.map((design) => (
                <TakenDownCard
                  key={design.id}
                  design={design}
                  onAction={(action) => {
                    setNotice(null);
                    setActing({ design, action });
                  }}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      <Dialog
        open={acting !== null}
        onClose={() => setActing(null)}
        title={TITLES[acting?.action ?? 'restore']}
      >
        {(close) =>
          acting &&
          (acting.action === 'restore' ? (
            <RestoreDesignForm
              designId={acting.design.id}
              onCancel={close}
              onUnauthorized={onUnauthorized}
              onRestored={() => done(`Restored ${acting.design.name}.`, close)}
            />
          ) : (
            <RefundBuyersForm
              design={acting.design}
              onCancel={close}
              onUnauthorized={onUnauthorized}
              onRefunded={(count) => done(refundedText(count), close)}
            />
          ))
        }
      </Dialog>
    </div>
  );
}
