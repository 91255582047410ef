import { PAYMENT_MSG } from '@printmarket/shared/payment-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { type CheckoutBrowser, safeRedirectUrl, startCheckout } from './start-checkout.ts';

function browser() {
  const calls = { assigned: [] as string[], alerts: [] as string[] };
  const fake: CheckoutBrowser = {
    assign: (url) => calls.assigned.push(url),
    alert: (message) => calls.alerts.push(message),
  };
  return { calls, fake };
}

const refused = (status: number, serverMessage: string | null) =>
  new ApiError({ status, code: `HTTP_${status}`, serverMessage });

describe('startCheckout', () => {
  afterEach(() => vi.restoreAllMocks());

  it("goes to the checkout page the server answered, the provider's or the sandbox's", async () => {
    for (const url of ['https://checkout.stripe.com/c/pay/cs_test_1', '/sandbox/checkout/cs_sandbox_1']) {
      const { calls, fake } = browser();
      expect(await startCheckout(async () => ({ url, sessionId: 's' }), fake)).toBe(true);
      expect(calls.assigned).toEqual([url]);
      expect(calls.alerts).toEqual([]);
    }
  });

  it("alerts the server's message when it refuses (own item, already owned, not connected)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls, fake } = browser();
    const ok = await startCheckout(() => Promise.reject(refused(409, PAYMENT_MSG.alreadyOwned)), fake);
    expect(ok).toBe(false);
    expect(calls.alerts).toEqual([PAYMENT_MSG.alreadyOwned]);
    expect(calls.assigned).toEqual([]);
  });

  it("alerts 'Checkout failed' when a refusal carries no message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls, fake } = browser();
    await startCheckout(() => Promise.reject(refused(502, null)), fake);
    expect(calls.alerts).toEqual(['Checkout failed']);
  });

  it("alerts 'Failed to initiate purchase. Please try again.' when the server cannot be reached", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls, fake } = browser();
    await startCheckout(() => Promise.reject(refused(0, null)), fake);
    expect(calls.alerts).toEqual(['Failed to initiate purchase. Please try again.']);
  });

  it("alerts 'No checkout URL returned from server.' for an answer without a usable address", async () => {
    for (const url of ['', 'javascript:alert(1)', '//evil.example/x']) {
      const { calls, fake } = browser();
      expect(await startCheckout(async () => ({ url, sessionId: 's' }), fake)).toBe(false);
      expect(calls.alerts).toEqual(['No checkout URL returned from server.']);
      expect(calls.assigned).toEqual([]);
    }
  });
});

describe('safeRedirectUrl', () => {
  it('takes http(s) addresses and paths of this site, nothing else', () => {
    expect(safeRedirectUrl(' https://x.example/a ')).toBe('https://x.example/a');
    expect(safeRedirectUrl('/payment-success?x=1')).toBe('/payment-success?x=1');
    expect(safeRedirectUrl('data:text/html,hi')).toBeNull();
    expect(safeRedirectUrl(undefined)).toBeNull();
  });
});
