import { PAYMENT_MSG, type PlanType } from '@printmarket/shared/payments';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PlanChooserDialog } from '../../plans/components/PlanChooserDialog.tsx';
import { createSubscriptionCheckout } from '../api/create-subscription-checkout.ts';
import { useStartCheckout } from '../use-start-checkout.ts';

type SubscribeButtonProps = {
  collectionId: string;
  signedIn: boolean;
  className: string;
};

/**
 * 'Subscribe': opens the plan chooser (the plans covering this collection, monthly or yearly);
 * the chosen plan starts the subscription checkout. Visitors are sent to sign in first.
 */
export function SubscribeButton({ collectionId, signedIn, className }: SubscribeButtonProps) {
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const { busy, start } = useStartCheckout();

  const open = () => {
    if (!signedIn) {
      window.alert(PAYMENT_MSG.signInToPurchaseCollection);
      navigate('/signin');
      return;
    }
    setChoosing(true);
  };

  const choose = (planId: string, planType: PlanType) =>
    void start(() => createSubscriptionCheckout({ collectionId, planId, planType }));

  return (
    <>
      <button type="button" className={className} onClick={open} aria-haspopup="dialog">
        Subscribe
      </button>
      {/* Mounted only while choosing, so the plans are asked for by people who want them. */}
      {choosing && (
        <PlanChooserDialog
          open
          onClose={() => setChoosing(false)}
          collectionId={collectionId}
          onChoose={choose}
          busy={busy}
        />
      )}
    </>
  );
}
