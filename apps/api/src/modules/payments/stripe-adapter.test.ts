import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts';
import { type CheckoutOrder, WebhookSignatureError } from './payments-port.ts';
import { StripePayments } from './stripe-adapter.ts';

const SECRET_KEY = 'sk_test_51FakeKeyForThePrintMarketTests';
const WEBHOOK_SECRET = 'whsec_test_printmarket_webhook_secret';
const SELLER_ACCOUNT = 'acct_1SellerTestAcct';

let fake: FakeStripe;
let payments: StripePayments;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  payments = new StripePayments({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: fake.url });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

function order(overrides: Partial<CheckoutOrder> = {}): CheckoutOrder {
  return {
    checkoutSessionId: randomUUID(),
    kind: 'design',
    itemName: 'Articulated dragon',
    priceCents: 1500,
    currency: 'usd',
    planType: null,
    applicationFeeCents: 225,
    applicationFeePercent: 15,
    sellerAccountId: SELLER_ACCOUNT,
    customerId: null,
    buyerEmail: 'buyer@example.com',
    successUrl: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/design/ana/articulated-dragon',
    ...overrides,
  };
}

const idempotencyKeys = () => fake.requests.map((r) => r.headers['idempotency-key']);

describe('StripePayments checkout', () => {
  it('sells a design as a destination charge: the platform fee stays, the rest goes to the seller', async () => {
    const o = order();
    const answer = await payments.createCheckout(o);

    expect(answer.providerSessionId).toMatch(/^cs_test_/);
    expect(answer.url).toBe(`https://checkout.stripe.test/c/pay/${answer.providerSessionId}`);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.body).toEqual({
      mode: 'payment',
      client_reference_id: o.checkoutSessionId,
      metadata: { checkoutSessionId: o.checkoutSessionId },
      customer_email: 'buyer@example.com',
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'usd', unit_amount: '1500', product_data: { name: 'Articulated dragon' } },
        },
      ],
      payment_intent_data: {
        application_fee_amount: '225',
        transfer_data: { destination: SELLER_ACCOUNT },
        metadata: { checkoutSessionId: o.checkoutSessionId },
      },
      // Stripe fills in the placeholder itself when it redirects the buyer back.
      success_url: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: o.cancelUrl,
    });
  });

  it('bills a known buyer as their Stripe customer instead of asking for an email', async () => {
    const { customerId } = await payments.createCustomer({
      userId: randomUUID(),
      email: 'known@example.com',
      name: 'Known Buyer',
    });
    const o = order({ kind: 'collection', itemName: 'Desk organisers', customerId });
    await payments.createCheckout(o);

    const body = fake.requests.at(-1)?.body;
    expect(body).toMatchObject({ mode: 'payment', customer: customerId });
    expect(body).not.toHaveProperty('customer_email');
    expect(body?.line_items).toEqual([
      {
        quantity: '1',
        price_data: { currency: 'usd', unit_amount: '1500', product_data: { name: 'Desk organisers' } },
      },
    ]);
  });

  it('sells a yearly plan as a subscription whose invoices carry the 15 % fee and our id', async () => {
    const o = order({
      kind: 'subscription',
      itemName: 'Ana’s prints – yearly',
      priceCents: 9900,
      planType: 'yearly',
    });
    const answer = await payments.createCheckout(o);

    expect(answer.providerSessionId).toMatch(/^cs_test_/);
    expect(fake.requests[0]?.body).toEqual({
      mode: 'subscription',
      client_reference_id: o.checkoutSessionId,
      metadata: { checkoutSessionId: o.checkoutSessionId },
      customer_email: 'buyer@example.com',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '9900',
            product_data: { name: 'Ana’s prints – yearly' },
            recurring: { interval: 'year' },
          },
        },
      ],
      subscription_data: {
        application_fee_percent: '15',
        transfer_data: { destination: SELLER_ACCOUNT },
        metadata: { checkoutSessionId: o.checkoutSessionId },
      },
      success_url: o.successUrl,
      cancel_url: o.cancelUrl,
    });

    await payments.createCheckout(order({ kind: 'subscription', planType: 'monthly' }));
    expect(fake.requests[1]?.body.line_items).toMatchObject([
      { price_data: { recurring: { interval: 'month' } } },
    ]);
  });

  it('opens one session per checkout, however often the call is retried', async () => {
    const o = order();
    const first = await payments.createCheckout(o);
    const again = await payments.createCheckout(o);
    const other = await payments.createCheckout(order());

    expect(again).toEqual(first);
    expect(other.providerSessionId).not.toBe(first.providerSessionId);
    expect(idempotencyKeys()).toEqual([
      `checkout:${o.checkoutSessionId}`,
      `checkout:${o.checkoutSessionId}`,
      expect.stringMatching(/^checkout:/),
    ]);
  });
});

describe('StripePayments Connect accounts', () => {
  it('creates one Express account per seller, then links to onboarding and to the dashboard', async () => {
    const userId = randomUUID();
    const { accountId } = await payments.createConnectedAccount({ userId, email: 'seller@example.com' });
    const again = await payments.createConnectedAccount({ userId, email: 'seller@example.com' });

    expect(accountId).toMatch(/^acct_/);
    expect(again.accountId).toBe(accountId);
    expect(fake.requests[0]?.body).toEqual({
      type: 'express',
      email: 'seller@example.com',
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
      metadata: { userId },
    });
    expect(idempotencyKeys()).toEqual([`account:${userId}`, `account:${userId}`]);

    const onboarding = await payments.onboardingLink(accountId, {
      refreshUrl: 'http://localhost:3000/settings/payouts?refresh=1',
      returnUrl: 'http://localhost:3000/settings/payouts?done=1',
    });
    expect(onboarding.url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${accountId}/`));
    expect(fake.requests[2]).toMatchObject({
      path: '/v1/account_links',
      body: {
        account: accountId,
        type: 'account_onboarding',
        refresh_url: 'http://localhost:3000/settings/payouts?refresh=1',
        return_url: 'http://localhost:3000/settings/payouts?done=1',
      },
    });

    const dashboard = await payments.accountDashboardLink(accountId);
    expect(dashboard.url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/express/${accountId}/`));
    expect(fake.requests[3]?.path).toBe(`/v1/accounts/${accountId}/login_links`);
  });
});

describe('StripePayments customers and subscriptions', () => {
  it('creates one customer per buyer and opens their billing portal', async () => {
    const userId = randomUUID();
    const buyer = { userId, email: 'buyer@example.com', name: 'Bea Buyer' };
    const { customerId } = await payments.createCustomer(buyer);
    expect((await payments.createCustomer(buyer)).customerId).toBe(customerId);

    expect(customerId).toMatch(/^cus_/);
    expect(fake.requests[0]?.body).toEqual({
      email: 'buyer@example.com',
      name: 'Bea Buyer',
      metadata: { userId },
    });
    expect(idempotencyKeys()).toEqual([`customer:${userId}`, `customer:${userId}`]);

    const portal = await payments.billingPortalLink(customerId, 'http://localhost:3000/MyPurchases');
    expect(portal?.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.requests[2]).toMatchObject({
      path: '/v1/billing_portal/sessions',
      body: { customer: customerId, return_url: 'http://localhost:3000/MyPurchases' },
    });
  });

  it('stops renewal at the end of the paid term and answers when that is', async () => {
    const periodEnd = 1_900_000_000;
    const subscription = fake.addSubscription({ currentPeriodEnd: periodEnd });

    const answer = await payments.cancelSubscriptionAtPeriodEnd(subscription.id);

    expect(answer.currentPeriodEnd).toEqual(new Date(periodEnd * 1000));
    expect(fake.requests[0]).toMatchObject({
      path: `/v1/subscriptions/${subscription.id}`,
      body: { cancel_at_period_end: 'true' },
    });
    expect(subscription.cancel_at_period_end).toBe(true);
    await expect(payments.cancelSubscriptionAtPeriodEnd('sub_missing')).rejects.toThrow(
      "No such subscription: 'sub_missing'",
    );
  });
});

describe('StripePayments errors from Stripe', () => {
  it('surfaces a wrong secret key as an authentication error, without retrying', async () => {
    const wrong = new StripePayments({
      secretKey: 'sk_test_51WrongKeyWrongKeyWrong',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    });
    const attempt = wrong.createCustomer({ userId: randomUUID(), email: 'x@example.com', name: 'X' });

    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 401,
      message: expect.stringMatching(/Invalid API Key/),
    });
    expect(fake.requests.map((r) => r.status)).toEqual([401]);
  });

  it('retries a server error twice with the same idempotency key, then gives up', async () => {
    const o = order();
    fake.failNext(500, 2);
    const answer = await payments.createCheckout(o);

    expect(answer.providerSessionId).toMatch(/^cs_test_/);
    expect(fake.requests.map((r) => r.status)).toEqual([500, 500, 200]);
    expect(new Set(idempotencyKeys())).toEqual(new Set([`checkout:${o.checkoutSessionId}`]));

    fake.requests.length = 0;
    fake.failNext(500, 3);
    await expect(payments.createCheckout(order())).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(fake.requests.map((r) => r.status)).toEqual([500, 500, 500]);
  });
});

describe('StripePayments.verifyWebhook', () => {
  const signer = new Stripe('sk_test_only_used_to_sign');
  const event = {
    id: 'evt_1TestCheckoutCompleted',
    object: 'event',
    api_version: '2026-10-28.endive',
    created: 1_800_000_000,
    type: 'checkout.session.completed',
    data: { object: { id: 'cs_test_abc', object: 'checkout.session', client_reference_id: 'chk-1' } },
  };
  const payload = JSON.stringify(event);
  const sign = (options: { secret?: string; timestamp?: number } = {}) =>
    signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...options });
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  async function signatureError(
    header: string | undefined,
    body = Buffer.from(payload),
  ): Promise<WebhookSignatureError> {
    try {
      await payments.verifyWebhook(body, header);
    } catch (err) {
      expect(err).toBeInstanceOf(WebhookSignatureError);
      return err as WebhookSignatureError;
    }
    throw new Error('verifyWebhook accepted the delivery');
  }

  it('answers the event of a delivery signed with our secret, on its raw bytes', async () => {
    expect(await payments.verifyWebhook(Buffer.from(payload), sign())).toEqual(event);
    expect(
      await payments.verifyWebhook(Buffer.from(payload), sign({ timestamp: nowSeconds() - 290 })),
    ).toEqual(event);
  });

  it('refuses a delivery signed with another secret', async () => {
    expect((await signatureError(sign({ secret: 'whsec_someone_else' }))).message).toMatch(
      /No signatures found/,
    );
  });

  it('refuses a body changed after signing', async () => {
    const tampered = Buffer.from(payload.replace('chk-1', 'chk-2'));
    expect((await signatureError(sign(), tampered)).message).toMatch(/No signatures found/);
  });

  it('refuses a delivery without a signature header', async () => {
    expect((await signatureError(undefined)).message).toMatch(/Stripe-Signature/);
    expect((await signatureError('')).message).toMatch(/Stripe-Signature/);
  });

  it('refuses a delivery signed more than 300 s ago (a replay)', async () => {
    expect((await signatureError(sign({ timestamp: nowSeconds() - 301 }))).message).toMatch(/tolerance/);
  });
});
