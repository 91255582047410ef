import { PAYMENT_MSG } from '@printmarket/shared/payment-messages';
import type { PlanType } from '@printmarket/shared/payments';
import type { CollectionViewerAccess } from '@printmarket/shared/types';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createSubscriptionCheckout } from '@/features/checkout/api/create-subscription-checkout.ts';
import { useStartCheckout } from '@/features/checkout/use-start-checkout.ts';
import { PlanChooserDialog } from '@/features/plans/components/PlanChooserDialog.tsx';
import { paths } from '@/lib/paths.ts';

type SubscribeButtonProps = {
  collectionId: string;
  signedIn: boolean;
  className: string;
  /** The viewer's subscription covering the collection: the chooser shows it and sells no other. */
  held?: CollectionViewerAccess['subscription'];
};

/**
 * 'Subscribe': opens the plan chooser (the plans covering this collection, monthly or yearly);
 * the chosen plan starts the subscription checkout. Visitors are sent to sign in first. A viewer
 * who holds a subscription gets 'View plans': the same chooser, showing which plan is theirs.
 */
export function SubscribeButton({ collectionId, signedIn, className, held = null }: SubscribeButtonProps) {
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const { busy, start } = useStartCheckout();

  const open = () => {
    if (!signedIn) {
      window.alert(PAYMENT_MSG.signInToPurchaseCollection);
      navigate(paths.signIn());
      return;
    }
    setChoosing(true);
  };

  const choose = (planId: string, planType: PlanType) =>
    void start(() => createSubscriptionCheckout({ collectionId, planId, planType }));

  return (
    <>
      <button type="button" className={className} onClick={open} aria-haspopup="dialog">
        {held ? 'View plans' : 'Subscribe'}
      </button>
      {/* Mounted only while choosing, so the plans are asked for by people who want them. */}
      {choosing && (
        <PlanChooserDialog
          open
          onClose={() => setChoosing(false)}
          collectionId={collectionId}
          onChoose={choose}
          busy={busy}
          held={held}
        />
      )}
    </>
  );
}
