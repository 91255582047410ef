import { PAYMENT_MSG } from '@printmarket/shared/payment-messages';
import { useNavigate } from 'react-router';
import { createCollectionCheckout } from '@/features/checkout/api/create-collection-checkout.ts';
import { purchaseCollectionLabel, STARTING_CHECKOUT } from '@/features/checkout/price-text.ts';
import { useStartCheckout } from '@/features/checkout/use-start-checkout.ts';
import { paths } from '@/lib/paths.ts';

type PurchaseCollectionButtonProps = {
  collectionId: string;
  /** The one-time price, US dollars. */
  price: number;
  signedIn: boolean;
  className: string;
};

/** 'Purchase Collection for $price': a one-time purchase of every design in the collection. */
export function PurchaseCollectionButton({
  collectionId,
  price,
  signedIn,
  className,
}: PurchaseCollectionButtonProps) {
  const navigate = useNavigate();
  const { busy, start } = useStartCheckout();

  const purchase = () => {
    if (!signedIn) {
      window.alert(PAYMENT_MSG.signInToPurchaseCollection);
      navigate(paths.signIn());
      return;
    }
    void start(() => createCollectionCheckout(collectionId));
  };

  return (
    <button type="button" className={className} onClick={purchase} disabled={busy} aria-busy={busy}>
      {busy ? STARTING_CHECKOUT : purchaseCollectionLabel(price)}
    </button>
  );
}
