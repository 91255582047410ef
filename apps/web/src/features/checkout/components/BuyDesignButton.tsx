import { PAYMENT_MSG } from '@printmarket/shared/payment-messages';
import { useNavigate } from 'react-router';
import { createDesignCheckout } from '@/features/checkout/api/create-design-checkout.ts';
import { buyDesignLabel, STARTING_CHECKOUT } from '@/features/checkout/price-text.ts';
import { useStartCheckout } from '@/features/checkout/use-start-checkout.ts';
import { paths } from '@/lib/paths.ts';

type BuyDesignButtonProps = {
  designId: string;
  /** US dollars. */
  price: number;
  signedIn: boolean;
  className: string;
};

/**
 * 'Buy Model for $price': a visitor is told to sign in and sent to /signin (docs/product.md#roles); a
 * signed-in person goes to the checkout for this design.
 */
export function BuyDesignButton({ designId, price, signedIn, className }: BuyDesignButtonProps) {
  const navigate = useNavigate();
  const { busy, start } = useStartCheckout();

  const buy = () => {
    if (!signedIn) {
      window.alert(PAYMENT_MSG.signInToPurchaseDesign);
      navigate(paths.signIn());
      return;
    }
    void start(() => createDesignCheckout(designId));
  };

  return (
    <button type="button" className={className} onClick={buy} disabled={busy} aria-busy={busy}>
      {busy ? STARTING_CHECKOUT : buyDesignLabel(price)}
    </button>
  );
}
