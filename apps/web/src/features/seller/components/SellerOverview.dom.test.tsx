import { VERIFY_BEFORE_PAYOUTS } from '@printmarket/shared/email-verification';
import type { SellerData } from '@printmarket/shared/payments';
import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { useSellerData } from '@/features/seller/api/get-seller-data.ts';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import { SellerOverview } from './SellerOverview.tsx';

const CONNECT = '/api/payments/stripe-connect/connect';
const ONBOARD = '/api/payments/stripe-connect/connect/onboard';
const UNCONFIRMED = { status: 409, json: { message: VERIFY_BEFORE_PAYOUTS, code: 'EMAIL_NOT_VERIFIED' } };

const seller = (changes: Partial<SellerData> = {}): SellerData => ({
  success: true,
  totalEarnings: 0,
  stripeAccountId: null,
  chargesEnabled: false,
  payoutsEnabled: false,
  salesCount: 0,
  refundsCount: 0,
  refundedTotal: 0,
  mode: 'sandbox',
  ...changes,
});

function Overview() {
  return <SellerOverview query={useSellerData()} />;
}

const accountCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === CONNECT || call.path === ONBOARD).map((call) => call.path);

describe('payout onboarding', () => {
  it('explains that an unconfirmed address must be confirmed before connecting', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/payments/payouts/seller-data') return { json: seller() };
      if (call.path === CONNECT) return UNCONFIRMED;
      return undefined;
    });
    const { user } = renderScreen(<Overview />, { path: '/seller-dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Connect with Stripe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(VERIFY_BEFORE_PAYOUTS);
    expect(screen.getByRole('button', { name: 'Connect with Stripe' })).toHaveProperty('disabled', false);
    expect(accountCalls(calls)).toEqual([CONNECT]);
  });

  it('says the same when only finishing the onboarding of an existing account is refused', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/payments/payouts/seller-data')
        return { json: seller({ stripeAccountId: 'acct_1' }) };
      if (call.path === CONNECT) return { json: { success: true, message: 'ok' } };
      if (call.path === ONBOARD) return UNCONFIRMED;
      return undefined;
    });
    const { user } = renderScreen(<Overview />, { path: '/seller-dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Connect with Stripe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(VERIFY_BEFORE_PAYOUTS);
    expect(accountCalls(calls)).toEqual([CONNECT, ONBOARD]);
  });
});
