import type { CheckoutResponse } from '@printmarket/shared/payments';
import { useCallback, useEffect, useRef, useState } from 'react';
import { startCheckout } from './start-checkout.ts';

/**
 * Starts a checkout from a button: `busy` from the press until the browser leaves (or the alert),
 * and a second press meanwhile does nothing, so one click never opens two sessions.
 */
export function useStartCheckout() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  // Coming back from the provider's page with Back may restore this page as it was left (the
  // back/forward cache): busy. Nothing is running then, so the button is pressable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      running.current = false;
      setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = useCallback(async (create: () => Promise<CheckoutResponse>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    const leaving = await startCheckout(create);
    if (!leaving) {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, start };
}
