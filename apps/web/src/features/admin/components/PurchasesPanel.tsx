import type { AdminPurchase } from '@printmarket/shared/admin';
import { useState } from 'react';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { EmptyState } from '@/components/ui/EmptyState.tsx';
import { QueryState } from '@/components/ui/QueryState.tsx';
import { useAdminPurchases } from '@/features/admin/api/purchases.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useReportUnauthorized } from '@/lib/unauthorized.ts';
import styles from './AdminPanels.module.css';
import { PurchaseCard } from './PurchaseCard.tsx';
import { RefundPurchaseForm } from './RefundPurchaseForm.tsx';
import { SearchForm } from './SearchForm.tsx';

/** Shown when the search fails and the server said nothing usable. */
export const FAILED_FETCH_PURCHASES = 'Failed to search purchases';

/** The operator console's Purchases tab (docs/product.md#operator-console): search, then refund. */
export function PurchasesPanel({ onUnauthorized }: { onUnauthorized(): void }) {
  const [q, setQ] = useState('');
  const purchases = useAdminPurchases(q);
  const [refunding, setRefunding] = useState<AdminPurchase | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useReportUnauthorized(purchases.error, onUnauthorized);

  return (
    <div className={styles.panel}>
      <SearchForm
        label="Search purchases"
        placeholder="Order number, buyer or seller"
        onSearch={(next) => {
          setNotice(null);
          setQ(next);
          // The same search again asks again: a purchase may have been made meanwhile.
          if (next === q) void purchases.refetch();
        }}
      />
      <FormAlert tone="success">{notice}</FormAlert>
      {q !== '' && (
        <QueryState
          query={purchases}
          loading="Searching..."
          failure={(error) => <p>{errorMessage(error, FAILED_FETCH_PURCHASES)}</p>}
        >
          {(data) =>
            data.purchases.length === 0 ? (
              <EmptyState>No purchases match.</EmptyState>
            ) : (
              <ul className={styles.cards} aria-label="Purchases found">
                {data.purchases.map((purchase) => (
                  <PurchaseCard
                    key={purchase.id}
                    purchase={purchase}
                    onRefund={() => {
                      setNotice(null);
                      setRefunding(purchase);
                    }}
                  />
                ))}
              </ul>
            )
          }
        </QueryState>
      )}
      <Dialog open={refunding !== null} onClose={() => setRefunding(null)} title="Refund the purchase">
        {(close) =>
          refunding && (
            <RefundPurchaseForm
              purchase={refunding}
              onCancel={close}
              onUnauthorized={onUnauthorized}
              onRefunded={(purchase) => {
                setNotice(`Refunded order ${purchase.orderNumber}.`);
                close();
              }}
            />
          )
        }
      </Dialog>
    </div>
  );
}
