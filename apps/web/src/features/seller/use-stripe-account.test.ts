import type { ConnectResponse } from '@printmarket/shared/payments';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { FAILED_STRIPE_LINK, stripeAccountUrl, stripeLinkProblem } from './use-stripe-account.ts';

/** Fake account calls that record their order. */
function calls(onboard: ConnectResponse, connect: ConnectResponse = { success: true, message: 'ok' }) {
  const made: string[] = [];
  return {
    made,
    api: {
      connect: async () => {
        made.push('connect');
        return connect;
      },
      onboard: async () => {
        made.push('onboard');
        return onboard;
      },
    },
  };
}

describe('opening the Stripe account', () => {
  const onboarding = { success: true, url: '/sandbox/connect/acct_1', message: 'ok' };

  it('Connect makes the account, then asks for the onboarding address', async () => {
    const { made, api } = calls(onboarding);
    await expect(stripeAccountUrl('connect', api)).resolves.toBe('/sandbox/connect/acct_1');
    expect(made).toEqual(['connect', 'onboard']);
  });

  it("Manage only asks for the account's address", async () => {
    const { made, api } = calls({
      success: true,
      url: 'https://connect.stripe.com/express/x',
      message: 'ok',
    });
    await expect(stripeAccountUrl('manage', api)).resolves.toBe('https://connect.stripe.com/express/x');
    expect(made).toEqual(['onboard']);
  });

  it("stops with the server's words when a step says no", async () => {
    const refused = calls(onboarding, { success: false, message: 'Payments are off' });
    await expect(stripeAccountUrl('connect', refused.api)).rejects.toThrow('Payments are off');
    expect(refused.made).toEqual(['connect']);
    const noUrl = calls({ success: false, message: 'No onboarding link' });
    await expect(stripeAccountUrl('manage', noUrl.api)).rejects.toThrow('No onboarding link');
  });

  it("shows the server's message, else a fallback", () => {
    const server = new ApiError({ status: 400, code: 'X', serverMessage: 'Account rejected' });
    expect(stripeLinkProblem(server)).toBe('Account rejected');
    expect(stripeLinkProblem(new ApiError({ status: 0, code: 'NETWORK_ERROR', serverMessage: null }))).toBe(
      FAILED_STRIPE_LINK,
    );
    expect(stripeLinkProblem(new Error(''))).toBe(FAILED_STRIPE_LINK);
  });
});
