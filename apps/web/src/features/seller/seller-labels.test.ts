import { describe, expect, it } from 'vitest';
import {
  accountStatusText,
  appPath,
  STRIPE_BUTTON_TEXT,
  salesCountText,
  stripeAction,
  subscribeNotice,
} from './seller-labels.ts';

const none = { stripeAccountId: null, chargesEnabled: false, payoutsEnabled: false };
const unfinished = { stripeAccountId: 'acct_1', chargesEnabled: false, payoutsEnabled: false };
const ready = { stripeAccountId: 'acct_1', chargesEnabled: true, payoutsEnabled: true };

describe('earnings', () => {
  it('shows the number of sales under Total Earnings', () => {
    expect(salesCountText(0)).toBe('No sales yet');
    expect(salesCountText(1)).toBe('From 1 sale');
    expect(salesCountText(1204)).toBe('From 1,204 sales');
  });
});

describe('the payout account button', () => {
  it("is 'Connect with Stripe' without an account or while onboarding is unfinished", () => {
    expect(STRIPE_BUTTON_TEXT[stripeAction(none)]).toBe('Connect with Stripe');
    expect(STRIPE_BUTTON_TEXT[stripeAction(unfinished)]).toBe('Connect with Stripe');
  });

  it("is 'Manage Stripe Account' once the account may take payments", () => {
    expect(STRIPE_BUTTON_TEXT[stripeAction(ready)]).toBe('Manage Stripe Account');
  });

  it('says where the account stands', () => {
    expect(accountStatusText(none)).toBe('Not connected');
    expect(accountStatusText(unfinished)).toBe('Onboarding unfinished');
    expect(accountStatusText(ready)).toBe('Connected: payments and payouts are on');
    expect(accountStatusText({ ...ready, payoutsEnabled: false })).toBe('Connected: payouts are not on yet');
  });
});

describe('subscribe notice', () => {
  it('tells the seller buyers cannot subscribe until the account is connected and onboarded', () => {
    expect(subscribeNotice(none)).toContain('until you connect with Stripe');
    expect(subscribeNotice(unfinished)).toContain('until you finish connecting with Stripe');
    expect(subscribeNotice(ready)).toBeNull();
  });
});

describe('appPath', () => {
  const origin = 'https://print.example';

  it("keeps the app's own addresses as paths", () => {
    expect(appPath('/seller-dashboard', origin)).toBe('/seller-dashboard');
    expect(appPath('https://print.example/seller-dashboard?x=1#y', origin)).toBe('/seller-dashboard?x=1#y');
  });

  it("leaves other sites' addresses to the browser", () => {
    expect(appPath('https://connect.stripe.com/setup/s/abc', origin)).toBeNull();
    expect(appPath('//evil.example/x', origin)).toBeNull();
  });
});
