import type { ConnectResponse } from '@printmarket/shared/payments';
import { useMutation } from '@tanstack/react-query';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { connectAccount } from './api/connect-account.ts';
import { onboardAccount } from './api/onboard-account.ts';
import type { StripeAction } from './seller-labels.ts';

/**
 * Shown when the account page cannot be opened and the server says nothing usable (no text in
 * docs/product.md#messages).
 */
export const FAILED_STRIPE_LINK = 'Could not open your Stripe account. Please try again.';

type AccountCalls = { connect(): Promise<ConnectResponse>; onboard(): Promise<ConnectResponse> };

/**
 * Where the payout account's button leads. Connect first makes the account (the call does nothing
 * when there is one), then asks for the onboarding address; Manage asks the same call, which then
 * answers the account's dashboard. In test mode the address is the app's own stand-in page.
 */
export async function stripeAccountUrl(
  action: StripeAction,
  calls: AccountCalls = { connect: connectAccount, onboard: onboardAccount },
): Promise<string> {
  if (action === 'connect') {
    const connected = await calls.connect();
    if (!connected.success) throw new Error(connected.message);
  }
  const onboard = await calls.onboard();
  if (!onboard.success || !onboard.url) throw new Error(onboard.message);
  return onboard.url;
}

/** Sends the browser to the payment provider's page for the seller's account. */
export function useStripeAccountLink() {
  return useMutation({
    mutationFn: (action: StripeAction) => stripeAccountUrl(action),
    onSuccess: (url) => window.location.assign(url),
  });
}

/** The words for a failure: the server's (in an error body or a `success: false` answer), else ours. */
export function stripeLinkProblem(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error, FAILED_STRIPE_LINK);
  if (error instanceof Error && error.message.trim()) return error.message;
  return FAILED_STRIPE_LINK;
}
