import { PAYMENT_MSG } from '@printmarket/shared/payment-messages';
import type { CheckoutResponse } from '@printmarket/shared/payments';
import { ApiError } from '@/lib/api-client.ts';

/** What starting a checkout does to the browser; tests pass their own. */
export type CheckoutBrowser = { assign(url: string): void; alert(message: string): void };

const realBrowser: CheckoutBrowser = {
  assign: (url) => window.location.assign(url),
  alert: (message) => window.alert(message),
};

/**
 * The alert for a checkout that could not start (docs/product.md#payment-messages): the server's message,
 * else 'Checkout failed'; when the server was not reached at all, 'Failed to initiate purchase...'.
 */
export function checkoutFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return error.serverMessage ?? PAYMENT_MSG.checkoutFailed;
  return PAYMENT_MSG.initiateFailed;
}

/**
 * Where an answer may send the browser: the provider's https page, or in sandbox mode the app's
 * own `/sandbox/checkout/{id}`. Anything else (a `javascript:` address, an empty string) is no URL.
 */
export function safeRedirectUrl(value: unknown): string | null {
  const url = typeof value === 'string' ? value.trim() : '';
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return null;
}

/**
 * Asks the server for a checkout session, then leaves for its page. Answers whether the browser is
 * on its way (the caller keeps its busy state then), or false after an alert.
 */
export async function startCheckout(
  create: () => Promise<CheckoutResponse>,
  browser: CheckoutBrowser = realBrowser,
): Promise<boolean> {
  let response: CheckoutResponse;
  try {
    response = await create();
  } catch (error) {
    console.error(PAYMENT_MSG.checkoutSessionFailed, error);
    browser.alert(checkoutFailureMessage(error));
    return false;
  }
  const url = safeRedirectUrl(response?.url);
  if (!url) {
    browser.alert(PAYMENT_MSG.noCheckoutUrl);
    return false;
  }
  browser.assign(url);
  return true;
}
