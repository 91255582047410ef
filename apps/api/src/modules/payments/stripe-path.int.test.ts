import { randomBytes, randomUUID } from 'node:crypto';
import { PAYMENT_MSG } from '@printmarket/shared/payments';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import { type FakeStripe, type RecordedRequest, startFakeStripe } from '../../test/fake-stripe.ts';
import {
  CHECKOUT,
  canDownloadDesign,
  createCollection,
  createPlan,
  openCheckout,
} from '../../test/payments-test-kit.ts';
import { WEBHOOK_PATH } from '../fulfilment/fulfilment-routes.ts';

/**
 * The Stripe adapter end to end, offline: the app runs the real `stripe` SDK against a local fake of
 * Stripe's endpoints (test/fake-stripe.ts), and the test plays Stripe's side of the webhook, signing
 * its deliveries with the SDK's own test signer. Events are shaped as API version 2026-10-28 sends them.
 */

const SECRET_KEY = 'sk_test_51PrintMarketStripePathKey';
const WEBHOOK_SECRET = 'whsec_printmarket_stripe_path_secret';
const API_VERSION = '2026-10-28.endive';
/** PUBLIC_URL is unset in the test app, so the server's own address is the default one. */
const PUBLIC_URL = 'http://localhost:3000';
const DAY = 24 * 3600;

let fake: FakeStripe;
let t: TestApp;
let seller: TestPerson;
let sellerAccountId: string;
let people: TestPerson[];
/** One fresh person per test that needs one, all made at once in beforeAll. */
let nextPerson = 0;
const freshPerson = () => {
  const person = people[nextPerson++];
  if (!person) throw new Error('not enough test people');
  return person;
};

const signer = new Stripe(SECRET_KEY);
const unix = (ms = Date.now()) => Math.floor(ms / 1000);
const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  t = await createTestApp({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  const [first, ...rest] = await createPeople(t, 'stripe', 20);
  seller = first as TestPerson;
  people = rest;
  sellerAccountId = await readySeller(seller);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

// ---- Stripe's side: events and signed deliveries ----

type StripeEvent = { id: string; type: string; created: number; data: { object: Record<string, unknown> } };

function stripeEvent(type: string, object: Record<string, unknown>, created = unix()): StripeEvent {
  return {
    id: id('evt_'),
    object: 'event',
    api_version: API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  } as StripeEvent;
}

function sign(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
}

/** Posts the exact payload string with the given Stripe-Signature header (none when undefined). */
function post(payload: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

/** Delivers an event as Stripe does and answers the route's result ('applied', 'duplicate', 'ignored'). */
async function deliver(event: StripeEvent): Promise<string> {
  const payload = JSON.stringify(event);
  const res = await post(payload, sign(payload));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: string }).result;
}

/** The last request the fake received on `path` (a POST: all the adapter sends). */
function lastRequest(path: string): RecordedRequest {
  const request = fake.requests.filter((r) => r.path === path).at(-1);
  if (!request) throw new Error(`the fake received nothing on ${path}`);
  return request;
}
const requestsTo = (path: string) => fake.requests.filter((r) => r.path === path);

/** The checkout session object as a checkout.session.* event carries it, built from what we sent. */
function checkoutSessionObject(
  sent: RecordedRequest,
  providerSessionId: string,
  fields: { payment_status: 'paid' | 'unpaid'; amount_total: number; subscription?: string | null },
) {
  const body = sent.body as Record<string, unknown>;
  const subscription = body.mode === 'subscription';
  return {
    id: providerSessionId,
    object: 'checkout.session',
    mode: body.mode,
    status: 'complete',
    client_reference_id: body.client_reference_id,
    metadata: body.metadata,
    customer: body.customer ?? null,
    customer_details: { email: null },
    currency: 'usd',
    amount_subtotal: fields.amount_total,
    amount_total: fields.amount_total,
    payment_status: fields.payment_status,
    payment_intent: subscription ? null : id('pi_'),
    subscription: fields.subscription ?? null,
    invoice: subscription ? id('in_') : null,
    livemode: false,
    created: unix() - 60,
    expires_at: unix() + DAY,
    url: null,
  };
}

function subscriptionObject(
  subscriptionId: string,
  fields: {
    status: string;
    currentPeriodEnd: number;
    cancelAtPeriodEnd?: boolean;
    endedAt?: number | null;
    metadata?: Record<string, string>;
  },
) {
  return {
    id: subscriptionId,
    object: 'subscription',
    status: fields.status,
    customer: id('cus_'),
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    canceled_at: fields.endedAt ?? null,
    ended_at: fields.endedAt ?? null,
    created: unix() - 30 * DAY,
    livemode: false,
    metadata: fields.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: id('si_'),
          object: 'subscription_item',
          current_period_start: fields.currentPeriodEnd - 30 * DAY,
          current_period_end: fields.currentPeriodEnd,
        },
      ],
    },
  };
}

function invoiceObject(subscriptionId: string, checkoutSessionId: string, amount: number, periodEnd: number) {
  return {
    id: id('in_'),
    object: 'invoice',
    status: 'paid',
    billing_reason: 'subscription_cycle',
    currency: 'usd',
    amount_due: amount,
    amount_paid: amount,
    customer: id('cus_'),
    // Since 2025-03-31 the subscription is named here, not at the invoice's top level.
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscriptionId, metadata: { checkoutSessionId } },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: id('il_'),
          object: 'line_item',
          amount,
          currency: 'usd',
          period: { start: periodEnd - 30 * DAY, end: periodEnd },
        },
      ],
    },
  };
}

// ---- Our side: routes and rows ----

/** Makes the seller's Express account through the route and has Stripe report it ready. */
async function readySeller(person: TestPerson): Promise<string> {
  const connect = await t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe-connect/connect',
    headers: authHeader(person),
  });
  if (connect.statusCode !== 200) throw new Error(`connect failed: ${connect.body}`);
  const { accountId } = connect.json() as { accountId: string };
  const result = await deliver(
    stripeEvent('account.updated', {
      id: accountId,
      object: 'account',
      type: 'express',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    }),
  );
  if (result !== 'applied') throw new Error(`account.updated was ${result}`);
  return accountId;
}

function sellerData(person: TestPerson) {
  return t.app.inject({
    method: 'GET',
    url: '/api/payments/payouts/seller-data',
    headers: authHeader(person),
  });
}

function onboard(person: TestPerson) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe-connect/connect/onboard',
    headers: authHeader(person),
  });
}

async function checkoutRow(providerSessionId: string) {
  return t.db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('provider_session_id', '=', providerSessionId)
    .executeTakeFirstOrThrow();
}

async function purchasesOf(buyer: TestPerson) {
  return t.db.selectFrom('purchases').selectAll().where('buyer_id', '=', buyer.userId).execute();
}

async function eventStored(eventId: string) {
  const row = await t.db
    .selectFrom('payment_events')
    .select('id')
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

async function earningsOf(checkoutSessionId: string) {
  return t.db
    .selectFrom('earnings')
    .selectAll()
    .where('source', '=', `checkout:${checkoutSessionId}`)
    .execute();
}

/** Opens a design checkout through the route; answers the provider's id and what the fake received. */
async function openDesignCheckout(buyer: TestPerson, designId: string, extra: object = {}) {
  const { res, sessionId } = await openCheckout(t, buyer, CHECKOUT.design, { designId, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const sent = lastRequest('/v1/checkout/sessions');
  expect(sent.status).toBe(200);
  return { res, providerSessionId: sessionId as string, sent };
}

async function mySubscriptions(person: TestPerson) {
  const res = await t.app.inject({ method: 'GET', url: '/api/purchases/my', headers: authHeader(person) });
  expect(res.statusCode).toBe(200);
  return (
    res.json() as {
      subscriptions: Array<{ _id: string; active: boolean; status: string; endDate: string }>;
    }
  ).subscriptions;
}

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

// ---- The tests ----

describe('Stripe mode', () => {
  it('answers paymentsMode stripe and has no sandbox routes', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ paymentsMode: 'stripe' });

    const page = await t.app.inject({
      method: 'GET',
      url: '/api/payments/sandbox/checkout/x',
      headers: authHeader(seller),
    });
    expect(page.statusCode).toBe(404);
    // The route's own "not found" would be CHECKOUT_NOT_FOUND; this is no route at all.
    expect(page.json()).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
    // Nor can a seller declare their own account ready: in the sandbox this answers 200.
    const complete = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/connect/${sellerAccountId}/complete`,
      headers: authHeader(seller),
    });
    expect(complete.statusCode).toBe(404);
  });
});

describe('seller onboarding on Stripe Connect', () => {
  it('makes an Express account, onboards through an account link, and is ready only on account.updated', async () => {
    const maker = freshPerson();
    const design = await createDesign(t, maker.userId, { slug: 'onboard-gear', isPaid: true });
    const before = (await sellerData(maker)).json();
    expect(before).toMatchObject({ stripeAccountId: null, chargesEnabled: false, mode: 'stripe' });

    const connect = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe-connect/connect',
      headers: authHeader(maker),
    });
    expect(connect.statusCode).toBe(200);
    const { accountId } = connect.json() as { accountId: string };
    expect(accountId).toMatch(/^acct_/);
    const created = lastRequest('/v1/accounts');
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      type: 'express',
      email: `${maker.username}@example.com`,
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
      metadata: { userId: maker.userId },
    });
    expect(created.headers['idempotency-key']).toBe(`account:${maker.userId}`);
    // Connecting again answers the same account and asks Stripe for no other.
    const accountsMade = requestsTo('/v1/accounts').length;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe-connect/connect',
      headers: authHeader(maker),
    });
    expect(again.json()).toMatchObject({ accountId });
    expect(requestsTo('/v1/accounts')).toHaveLength(accountsMade);

    const link = await onboard(maker);
    expect(link.statusCode).toBe(200);
    expect(link.json().url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${accountId}/`));
    expect(lastRequest('/v1/account_links').body).toEqual({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: `${PUBLIC_URL}/seller-dashboard?onboarding=refresh`,
      return_url: `${PUBLIC_URL}/seller-dashboard?onboarding=return`,
    });
    // Returning from onboarding proves nothing; until Stripe says so, the seller cannot sell.
    expect((await sellerData(maker)).json()).toMatchObject({
      stripeAccountId: accountId,
      chargesEnabled: false,
    });
    const early = await openCheckout(t, freshPerson(), CHECKOUT.design, { designId: design.id });
    expect(early.res.statusCode).toBe(409);
    expect(early.res.json().message).toBe(PAYMENT_MSG.sellerNotConnected);

    const result = await deliver(
      stripeEvent('account.updated', {
        id: accountId,
        object: 'account',
        type: 'express',
        email: created.body.email,
        metadata: { userId: maker.userId },
        capabilities: { card_payments: 'active', transfers: 'active' },
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
      }),
    );
    expect(result).toBe('applied');
    expect((await sellerData(maker)).json()).toMatchObject({
      stripeAccountId: accountId,
      chargesEnabled: true,
      payoutsEnabled: true,
    });

    // Once ready, onboard answers the Express dashboard ('Manage Stripe Account').
    const loginLinks = requestsTo(`/v1/accounts/${accountId}/login_links`).length;
    const manage = await onboard(maker);
    expect(manage.statusCode).toBe(200);
    expect(manage.json()).toMatchObject({ success: true, accountId });
    expect(manage.json().url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/express/${accountId}/`));
    expect(requestsTo(`/v1/accounts/${accountId}/login_links`)).toHaveLength(loginLinks + 1);
  });
});

describe('buying a design through Stripe Checkout', () => {
  it('charges the database price with a 15 % application fee to the seller, and grants on the paid event only', async () => {
    const buyer = freshPerson();
    const design = await createDesign(t, seller.userId, {
      slug: 'stripe-gear',
      isPaid: true,
      priceCents: 2000,
    });

    // The client's price is not ours to take.
    const { res, providerSessionId, sent } = await openDesignCheckout(buyer, design.id, {
      price: 1,
      priceCents: 1,
      unit_amount: 1,
    });
    expect(providerSessionId).toMatch(/^cs_test_/);
    expect(res.json().url).toBe(`https://checkout.stripe.test/c/pay/${providerSessionId}`);
    const row = await checkoutRow(providerSessionId);
    expect(row).toMatchObject({ status: 'open', price_cents: 2000, kind: 'design', buyer_id: buyer.userId });
    // The buyer is billed as their Stripe customer, made on this first checkout.
    expect(lastRequest('/v1/customers').body).toMatchObject({ metadata: { userId: buyer.userId } });
    expect(sent.body.customer).toMatch(/^cus_/);
    expect(sent.body).toMatchObject({
      mode: 'payment',
      client_reference_id: row.id,
      metadata: { checkoutSessionId: row.id },
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'usd', unit_amount: '2000', product_data: { name: design.name } },
        },
      ],
      payment_intent_data: {
        application_fee_amount: '300',
        transfer_data: { destination: sellerAccountId },
        metadata: { checkoutSessionId: row.id },
      },
      success_url: `${PUBLIC_URL}/payment-success?purchaseType=design&itemId=${design.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/design/${seller.username}/stripe-gear`,
    });
    expect(sent.body.subscription_data).toBeUndefined();
    expect(sent.headers['idempotency-key']).toBe(`checkout:${row.id}`);
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(403);

    // A bank debit completes the session unpaid: nothing yet.
    const unpaid = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject(sent, providerSessionId, { payment_status: 'unpaid', amount_total: 2000 }),
    );
    expect(await deliver(unpaid)).toBe('ignored');
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(403);
    expect(await purchasesOf(buyer)).toEqual([]);
    expect((await checkoutRow(providerSessionId)).status).toBe('open');

    const succeeded = stripeEvent(
      'checkout.session.async_payment_succeeded',
      checkoutSessionObject(sent, providerSessionId, { payment_status: 'paid', amount_total: 2000 }),
    );
    expect(await deliver(succeeded)).toBe('applied');
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);
    expect(await purchasesOf(buyer)).toEqual([
      expect.objectContaining({ design_id: design.id, price_cents: 2000, seller_id: seller.userId }),
    ]);
    expect(await earningsOf(row.id)).toEqual([
      expect.objectContaining({ price_cents: 2000, platform_fee_cents: 300, creator_cents: 1660 }),
    ]);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payments/checkout/status?session_id=${providerSessionId}`,
      headers: authHeader(buyer),
    });
    expect(status.json()).toMatchObject({ status: 'complete', kind: 'design', itemId: design.id });
  });
});

describe('the webhook', () => {
  it('refuses bad, missing and stale signatures and tampered bodies with 400, changing nothing', async () => {
    const buyer = freshPerson();
    const design = await createDesign(t, seller.userId, { slug: 'guarded', isPaid: true, priceCents: 900 });
    const { providerSessionId, sent } = await openDesignCheckout(buyer, design.id);
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject(sent, providerSessionId, { payment_status: 'paid', amount_total: 900 }),
    );
    const payload = JSON.stringify(event);

    const attempts = {
      wrongSecret: await post(payload, sign(payload, { secret: 'whsec_not_ours_at_all' })),
      missing: await post(payload, undefined),
      empty: await post(payload, ''),
      stale: await post(payload, sign(payload, { timestamp: unix() - 301 })),
      // Signed for the paid event, delivered with a different body (here: a cheaper amount).
      tampered: await post(payload.replace('"amount_total":900', '"amount_total":1'), sign(payload)),
    };
    for (const [name, res] of Object.entries(attempts)) {
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ message: 'Invalid webhook signature.', code: 'BAD_SIGNATURE' });
    }
    expect(await eventStored(event.id)).toBe(false);
    expect(await purchasesOf(buyer)).toEqual([]);
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(403);

    // The same bytes, signed within the 300 s tolerance (4 minutes ago), are accepted.
    expect((await post(payload, sign(payload, { timestamp: unix() - 240 }))).json()).toMatchObject({
      received: true,
      result: 'applied',
    });
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);
  });

  it('applies 20 concurrent deliveries of one event exactly once', async () => {
    const buyer = freshPerson();
    const design = await createDesign(t, seller.userId, { slug: 'stampede', isPaid: true, priceCents: 1500 });
    const { providerSessionId, sent } = await openDesignCheckout(buyer, design.id);
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject(sent, providerSessionId, { payment_status: 'paid', amount_total: 1500 }),
    );
    const payload = JSON.stringify(event);
    const header = sign(payload);

    const answers = await Promise.all(Array.from({ length: 20 }, () => post(payload, header)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const results = answers.map((a) => (a.json() as { result: string }).result).sort();
    expect(results).toEqual(['applied', ...Array(19).fill('duplicate')]);

    const checkoutId = (await checkoutRow(providerSessionId)).id;
    expect(await purchasesOf(buyer)).toHaveLength(1);
    expect(await earningsOf(checkoutId)).toHaveLength(1);
    expect(await eventStored(event.id)).toBe(true);
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);
  });

  it('acknowledges an event type it does not handle, changing nothing', async () => {
    const count = async () => {
      const [purchases, earnings, subscriptions] = await Promise.all(
        (['purchases', 'earnings', 'subscriptions'] as const).map((table) =>
          t.db.selectFrom(table).select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        ),
      );
      return [purchases?.n, earnings?.n, subscriptions?.n].map(Number);
    };
    const before = await count();
    const payload = JSON.stringify(
      stripeEvent('customer.created', {
        id: id('cus_'),
        object: 'customer',
        email: 'someone@example.com',
        metadata: {},
      }),
    );
    const res = await post(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, result: 'ignored' });
    expect(await count()).toEqual(before);
  });

  it('refuses with 400 a paid event without our amount and currency, or with others, or not JSON, changing nothing', async () => {
    const buyer = freshPerson();
    const design = await createDesign(t, seller.userId, {
      slug: 'mispriced',
      isPaid: true,
      priceCents: 1200,
    });
    const { providerSessionId, sent } = await openDesignCheckout(buyer, design.id);
    const paid = () =>
      checkoutSessionObject(sent, providerSessionId, { payment_status: 'paid', amount_total: 1200 });
    const variants: Record<string, Record<string, unknown>> = {
      cheaper: { ...paid(), amount_total: 100, amount_subtotal: 100 },
      otherCurrency: { ...paid(), currency: 'eur' },
      noAmount: { ...paid(), amount_total: null },
      noCurrency: { ...paid(), currency: undefined },
      fractional: { ...paid(), amount_total: 1200.5 },
    };
    const refused: StripeEvent[] = [];
    for (const [name, object] of Object.entries(variants)) {
      const event = stripeEvent('checkout.session.completed', object);
      refused.push(event);
      const payload = JSON.stringify(event);
      const res = await post(payload, sign(payload));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code, name).toMatch(/^(AMOUNT_MISMATCH|BAD_EVENT)$/);
    }
    // Signed correctly, but the signed body is not JSON.
    const garbage = '{"id": "evt_truncated", "type": "checkout.session.completed"';
    const notJson = await post(garbage, sign(garbage));
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ message: 'The event is not JSON.', code: 'BAD_EVENT' });

    for (const event of refused) expect(await eventStored(event.id)).toBe(false);
    expect(await purchasesOf(buyer)).toEqual([]);
    expect(await earningsOf((await checkoutRow(providerSessionId)).id)).toEqual([]);
    expect((await checkoutRow(providerSessionId)).status).toBe('open');
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(403);

    // The event Stripe really sends for this checkout (amount and currency as stored) applies.
    expect(await deliver(stripeEvent('checkout.session.completed', paid()))).toBe('applied');
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);
  });

  it('refuses with 400 a paid invoice without its amount or currency, changing nothing', async () => {
    const invoice = invoiceObject(id('sub_'), randomUUID(), 500, unix() + 30 * DAY);
    for (const broken of [
      { ...invoice, currency: undefined },
      { ...invoice, amount_paid: undefined },
    ]) {
      const event = stripeEvent('invoice.paid', broken);
      const payload = JSON.stringify(event);
      const res = await post(payload, sign(payload));
      expect(res.statusCode).toBe(400);
      expect(await eventStored(event.id)).toBe(false);
    }
  });
});

describe('subscriptions through Stripe Billing', () => {
  let collectionId: string;
  let planId: string;
  let designId: string;

  beforeAll(async () => {
    collectionId = await createCollection(t, seller.userId, 'Stripe Minis', {
      pricingType: 'subscription',
      priceCents: 500,
    });
    designId = (await createDesign(t, seller.userId, { slug: 'stripe-mini', isPaid: true, collectionId })).id;
    planId = await createPlan(t, seller, [collectionId], { name: 'Stripe Plan' }); // $5 a month, $50 a year
  });

  /** Subscribes through Checkout: Stripe makes the subscription, then sends the completed session. */
  async function subscribe(buyer: TestPerson, currentPeriodEnd: number) {
    const { res, sessionId } = await openCheckout(t, buyer, CHECKOUT.subscription, {
      collectionId,
      planId,
      planType: 'monthly',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = lastRequest('/v1/checkout/sessions');
    const checkoutSessionId = String(sent.body.client_reference_id);
    const stripeSub = fake.addSubscription({
      customer: String(sent.body.customer),
      currentPeriodEnd,
      metadata: { checkoutSessionId },
    });
    const completed = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject(sent, sessionId as string, {
        payment_status: 'paid',
        amount_total: 500,
        subscription: stripeSub.id,
      }),
    );
    expect(await deliver(completed)).toBe('applied');
    const row = await t.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', stripeSub.id)
      .executeTakeFirstOrThrow();
    return { sent, stripeSub, row, checkoutSessionId };
  }

  it('opens recurring checkouts with a 15 % application fee, monthly and yearly', async () => {
    const buyer = freshPerson();
    for (const [planType, interval, amount] of [
      ['yearly', 'year', '5000'],
      ['monthly', 'month', '500'],
    ] as const) {
      const { res, sessionId } = await openCheckout(t, buyer, CHECKOUT.subscription, {
        collectionId,
        planId,
        planType,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
      const sent = lastRequest('/v1/checkout/sessions');
      const ours = (await checkoutRow(sessionId as string)).id;
      expect(sent.body).toMatchObject({
        mode: 'subscription',
        client_reference_id: ours,
        line_items: [
          {
            quantity: '1',
            price_data: {
              currency: 'usd',
              unit_amount: amount,
              product_data: { name: 'Stripe Plan' },
              recurring: { interval },
            },
          },
        ],
        subscription_data: {
          application_fee_percent: '15',
          transfer_data: { destination: sellerAccountId },
          metadata: { checkoutSessionId: ours },
        },
        success_url: `${PUBLIC_URL}/payment-success?purchaseType=subscription&itemId=${collectionId}&session_id={CHECKOUT_SESSION_ID}`,
      });
      expect(sent.body.payment_intent_data).toBeUndefined();
    }
  });

  it('starts on the completed checkout, renews on invoice.paid, and never moves back', async () => {
    const buyer = freshPerson();
    expect(await canDownloadDesign(t, buyer, designId)).toBe(403);
    const { stripeSub, row, checkoutSessionId } = await subscribe(buyer, unix() + 30 * DAY);
    expect(row).toMatchObject({ status: 'active', subscriber_id: buyer.userId, price_cents: 500 });
    expect(await canDownloadDesign(t, buyer, designId)).toBe(200);
    const [started] = await mySubscriptions(buyer);
    expect(started).toMatchObject({ _id: row.id, active: true, status: 'active' });

    const renewedEnd = unix() + 61 * DAY;
    const renewal = invoiceObject(stripeSub.id, checkoutSessionId, 500, renewedEnd);
    expect(await deliver(stripeEvent('invoice.paid', renewal))).toBe('applied');
    expect((await mySubscriptions(buyer))[0]?.endDate).toBe(isoOf(renewedEnd));

    // An older invoice, delivered late, leaves the end where it is (its money still counts).
    const late = invoiceObject(stripeSub.id, checkoutSessionId, 500, unix() + 20 * DAY);
    expect(await deliver(stripeEvent('invoice.paid', late))).toBe('applied');
    expect((await mySubscriptions(buyer))[0]?.endDate).toBe(isoOf(renewedEnd));
    const invoiceEarnings = await t.db
      .selectFrom('earnings')
      .select(['source', 'seller_id', 'price_cents', 'platform_fee_cents'])
      .where('source', 'in', [`invoice:${renewal.id}`, `invoice:${late.id}`])
      .orderBy('source')
      .execute();
    expect(invoiceEarnings).toEqual(
      [renewal.id, late.id].sort().map((invoiceId) => ({
        source: `invoice:${invoiceId}`,
        seller_id: seller.userId,
        price_cents: 500,
        platform_fee_cents: 75,
      })),
    );

    // A description older than the one applied is stale: an hour-old 'unpaid' does not lapse it.
    const stale = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(stripeSub.id, { status: 'unpaid', currentPeriodEnd: renewedEnd }),
      unix() - 3600,
    );
    expect(await deliver(stale)).toBe('ignored');
    expect((await mySubscriptions(buyer))[0]).toMatchObject({ active: true, endDate: isoOf(renewedEnd) });
    expect(await canDownloadDesign(t, buyer, designId)).toBe(200);

    // A current update (the buyer stopped renewal in Stripe's portal) applies, with the item's period end.
    const stripeTermEnd = renewedEnd + 2 * DAY;
    const portalCancel = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(stripeSub.id, {
        status: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: stripeTermEnd,
      }),
    );
    expect(await deliver(portalCancel)).toBe('applied');
    expect((await mySubscriptions(buyer))[0]).toMatchObject({
      active: false,
      status: 'canceled',
      endDate: isoOf(stripeTermEnd),
    });
    expect(await canDownloadDesign(t, buyer, designId)).toBe(200);
  });

  it('ends on customer.subscription.deleted, and a stale update does not bring it back', async () => {
    const buyer = freshPerson();
    const periodEnd = unix() + 30 * DAY;
    const { stripeSub, row } = await subscribe(buyer, periodEnd);
    expect(await canDownloadDesign(t, buyer, designId)).toBe(200);

    const deleted = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject(stripeSub.id, { status: 'canceled', currentPeriodEnd: periodEnd, endedAt: unix() }),
    );
    expect(await deliver(deleted)).toBe('applied');
    expect(await canDownloadDesign(t, buyer, designId)).toBe(403);

    // Stripe does not promise order: an update made before the deletion arrives after it.
    const stale = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(stripeSub.id, { status: 'active', currentPeriodEnd: periodEnd + 30 * DAY }),
      unix() - 600,
    );
    expect(await deliver(stale)).toBe('ignored');
    expect(await canDownloadDesign(t, buyer, designId)).toBe(403);
    expect(await mySubscriptions(buyer)).toEqual([
      expect.objectContaining({ _id: row.id, active: false, status: 'ended' }),
    ]);
  });

  it('cancels at Stripe at the period end, and keeps access until then', async () => {
    const buyer = freshPerson();
    // Stripe's term, deliberately not the calendar month we assume until Stripe says otherwise.
    const periodEnd = unix() + 40 * DAY + 1234;
    const { stripeSub, row } = await subscribe(buyer, periodEnd);
    expect(row.end_date.toISOString()).not.toBe(isoOf(periodEnd));

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/purchases/cancel',
      headers: authHeader(buyer),
      payload: { subscriptionId: row.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      message: PAYMENT_MSG.cancelSuccess,
      subscription: { _id: row.id, active: false, status: 'canceled', endDate: isoOf(periodEnd) },
    });
    const update = lastRequest(`/v1/subscriptions/${stripeSub.id}`);
    expect(update).toMatchObject({ method: 'POST', status: 200, body: { cancel_at_period_end: 'true' } });
    expect(stripeSub).toMatchObject({ cancel_at_period_end: true, cancel_at: periodEnd });
    expect(await canDownloadDesign(t, buyer, designId)).toBe(200);
    expect(await mySubscriptions(buyer)).toEqual([
      expect.objectContaining({ _id: row.id, active: false, status: 'canceled', endDate: isoOf(periodEnd) }),
    ]);
  });
  it('resumes a canceled subscription at Stripe (cancel_at_period_end=false), never selling a second one', async () => {
    const buyer = freshPerson();
    const periodEnd = unix() + 20 * DAY;
    const { stripeSub, row } = await subscribe(buyer, periodEnd);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/purchases/cancel',
      headers: authHeader(buyer),
      payload: { subscriptionId: row.id },
    });
    expect(cancel.statusCode).toBe(200);
    expect(stripeSub.cancel_at_period_end).toBe(true);
    const sessionsBefore = requestsTo('/v1/checkout/sessions').length;
    const again = await openCheckout(t, buyer, CHECKOUT.subscription, {
      collectionId,
      planId,
      planType: 'monthly',
    });
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json().message).toBe(PAYMENT_MSG.resumeInstead);
    expect(requestsTo('/v1/checkout/sessions')).toHaveLength(sessionsBefore);

    const resume = await t.app.inject({
      method: 'POST',
      url: '/api/purchases/resume',
      headers: authHeader(buyer),
      payload: { subscriptionId: row.id },
    });
    expect(resume.statusCode, resume.body).toBe(200);
    expect(resume.json()).toMatchObject({
      message: PAYMENT_MSG.resumeSuccess,
      subscription: { _id: row.id, active: true, status: 'active', endDate: isoOf(periodEnd) },
    });
    expect(lastRequest(`/v1/subscriptions/${stripeSub.id}`)).toMatchObject({
      method: 'POST',
      status: 200,
      body: { cancel_at_period_end: 'false' },
    });
    expect(stripeSub).toMatchObject({ cancel_at_period_end: false, cancel_at: null });

    // Stripe's own description of the cancellation, sent before the resumption, arrives late.
    const late = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(stripeSub.id, {
        status: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: periodEnd,
      }),
      unix() - 60,
    );
    expect(await deliver(late)).toBe('ignored');
    expect((await mySubscriptions(buyer))[0]).toMatchObject({ _id: row.id, status: 'active' });

    // When Stripe cannot be reached, nothing changes here either.
    await t.app.inject({
      method: 'POST',
      url: '/api/purchases/cancel',
      headers: authHeader(buyer),
      payload: { subscriptionId: row.id },
    });
    fake.failNext(500, 3);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/purchases/resume',
      headers: authHeader(buyer),
      payload: { subscriptionId: row.id },
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: PAYMENT_MSG.resumeFailed, code: 'PAYMENT_PROVIDER_ERROR' });
    expect((await mySubscriptions(buyer))[0]).toMatchObject({ status: 'canceled' });
  });

  it('refunds a second paid subscription: ended at Stripe at once, its first payment refunded', async () => {
    const buyer = freshPerson();
    const opened = [];
    for (const planType of ['monthly', 'yearly'] as const) {
      const { res, sessionId } = await openCheckout(t, buyer, CHECKOUT.subscription, {
        collectionId,
        planId,
        planType,
      });
      expect(res.statusCode, res.body).toBe(200);
      const sent = lastRequest('/v1/checkout/sessions');
      const stripeSub = fake.addSubscription({ customer: String(sent.body.customer) });
      const object = checkoutSessionObject(sent, sessionId as string, {
        payment_status: 'paid',
        amount_total: planType === 'monthly' ? 500 : 5000,
        subscription: stripeSub.id,
      });
      const paymentIntent = id('pi_');
      fake.addInvoicePayment(String(object.invoice), paymentIntent);
      opened.push({ checkoutId: String(sent.body.client_reference_id), stripeSub, object, paymentIntent });
    }
    const results = await Promise.all(
      opened.map(({ object }) => deliver(stripeEvent('checkout.session.completed', object))),
    );
    expect(results.sort()).toEqual(['applied', 'refunded']);

    const refundRows = await t.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('buyer_id', '=', buyer.userId)
      .execute();
    expect(refundRows).toHaveLength(1);
    const duplicate = opened.find((o) => o.checkoutId === refundRows[0]?.checkout_session_id);
    const kept = opened.find((o) => o !== duplicate);
    if (!duplicate || !kept) throw new Error('one checkout kept, one refunded');
    expect(duplicate.stripeSub.status).toBe('canceled');
    expect(kept.stripeSub.status).toBe('active');
    expect(fake.refunds.filter((r) => r.payment_intent === duplicate.paymentIntent)).toEqual([
      expect.objectContaining({
        id: refundRows[0]?.provider_refund_id,
        reverse_transfer: true,
        refund_application_fee: true,
      }),
    ]);
    expect(fake.refunds.some((r) => r.payment_intent === kept.paymentIntent)).toBe(false);
    const subscriptions = await t.db
      .selectFrom('subscriptions')
      .select('provider_subscription_id')
      .where('subscriber_id', '=', buyer.userId)
      .execute();
    expect(subscriptions).toEqual([{ provider_subscription_id: kept.stripeSub.id }]);
  });
});

describe('a second payment for a design the buyer holds', () => {
  /** Two Stripe checkouts of one design by one buyer: the price changed between the two. */
  async function twoCheckouts(buyer: TestPerson, slug: string) {
    const design = await createDesign(t, seller.userId, { slug, isPaid: true, priceCents: 800 });
    const first = await openDesignCheckout(buyer, design.id);
    await t.db.updateTable('designs').set({ price_cents: 900 }).where('id', '=', design.id).execute();
    const second = await openDesignCheckout(buyer, design.id);
    expect(second.providerSessionId).not.toBe(first.providerSessionId);
    const paid = (c: typeof first, amount: number) =>
      stripeEvent(
        'checkout.session.completed',
        checkoutSessionObject(c.sent, c.providerSessionId, { payment_status: 'paid', amount_total: amount }),
      );
    return { design, events: [paid(first, 800), paid(second, 900)] as const };
  }

  it('asks Stripe for the same checkout once when the buyer opens it twice at the same moment', async () => {
    const buyer = freshPerson();
    const design = await createDesign(t, seller.userId, {
      slug: 'double-click',
      isPaid: true,
      priceCents: 400,
    });
    const before = requestsTo('/v1/checkout/sessions').length;
    const [a, b] = await Promise.all([
      openCheckout(t, buyer, CHECKOUT.design, { designId: design.id }),
      openCheckout(t, buyer, CHECKOUT.design, { designId: design.id }),
    ]);
    expect(a.res.statusCode).toBe(200);
    expect(b.res.json().url).toBe(a.res.json().url);
    expect(requestsTo('/v1/checkout/sessions')).toHaveLength(before + 1);
  });

  it('refunds one of two payments arriving at once through the Refunds API, with an idempotency key', async () => {
    const buyer = freshPerson();
    const { design, events } = await twoCheckouts(buyer, 'paid-twice-stripe');
    const results = await Promise.all(events.map((event) => deliver(event)));
    expect(results.sort()).toEqual(['applied', 'refunded']);
    expect(await purchasesOf(buyer)).toHaveLength(1);
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);

    const [refundRow] = await t.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('buyer_id', '=', buyer.userId)
      .execute();
    const refunded = events.find((e) => e.data.object.client_reference_id === refundRow?.checkout_session_id);
    const paymentIntent = refunded?.data.object.payment_intent;
    const refunds = fake.refunds.filter((r) => r.payment_intent === paymentIntent);
    expect(refunds).toEqual([
      expect.objectContaining({
        id: refundRow?.provider_refund_id,
        reason: 'duplicate',
        reverse_transfer: true,
        refund_application_fee: true,
        metadata: { checkoutSessionId: refundRow?.checkout_session_id },
      }),
    ]);
    const call = fake.requests.filter(
      (r) => r.path === '/v1/refunds' && r.body.payment_intent === paymentIntent,
    );
    expect(call.map((r) => r.headers['idempotency-key'])).toEqual([
      `refund:${refundRow?.checkout_session_id}`,
    ]);
    // Only the purchase counts for the seller.
    const earned = await t.db
      .selectFrom('earnings')
      .select('source')
      .where(
        'source',
        'in',
        events.map((e) => `checkout:${e.data.object.client_reference_id}`),
      )
      .execute();
    expect(earned).toHaveLength(1);
  });

  it('leaves nothing recorded when the refund fails, and refunds once on redelivery', async () => {
    const buyer = freshPerson();
    const { events } = await twoCheckouts(buyer, 'refund-outage');
    expect(await deliver(events[0])).toBe('applied');
    const payload = JSON.stringify(events[1]);
    fake.failNext(500, 3); // the first try and the SDK's two retries
    const failed = await post(payload, sign(payload));
    expect(failed.statusCode).toBe(500);
    expect(await eventStored(events[1].id)).toBe(false);
    expect(
      await t.db.selectFrom('payment_refunds').selectAll().where('buyer_id', '=', buyer.userId).execute(),
    ).toEqual([]);

    // Stripe delivers the event again.
    expect((await post(payload, sign(payload))).json()).toMatchObject({ result: 'refunded' });
    expect((await post(payload, sign(payload))).json()).toMatchObject({ result: 'duplicate' });
    const paymentIntent = events[1].data.object.payment_intent;
    expect(fake.refunds.filter((r) => r.payment_intent === paymentIntent)).toHaveLength(1);
    expect(await purchasesOf(buyer)).toHaveLength(1);
  });
});

describe('the billing portal', () => {
  it("answers Stripe's portal, making the buyer's customer once and reusing it", async () => {
    const person = freshPerson();
    const customersBefore = requestsTo('/v1/customers').length;

    const first = await t.app.inject({
      method: 'POST',
      url: '/api/payments/billing-portal',
      headers: authHeader(person),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(requestsTo('/v1/customers')).toHaveLength(customersBefore + 1);
    const customer = lastRequest('/v1/customers');
    expect(customer.body).toMatchObject({ metadata: { userId: person.userId } });
    const portal = lastRequest('/v1/billing_portal/sessions');
    const customerId = String(portal.body.customer);
    expect(customerId).toMatch(/^cus_/);
    expect(portal.body.return_url).toBe(`${PUBLIC_URL}/settings`);

    const second = await t.app.inject({
      method: 'POST',
      url: '/api/payments/billing-portal',
      headers: authHeader(person),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(second.json().url).not.toBe(first.json().url);
    expect(requestsTo('/v1/customers')).toHaveLength(customersBefore + 1);
    expect(lastRequest('/v1/billing_portal/sessions').body.customer).toBe(customerId);
    const saved = await t.db
      .selectFrom('payment_customers')
      .select('provider_customer_id')
      .where('user_id', '=', person.userId)
      .executeTakeFirstOrThrow();
    expect(saved.provider_customer_id).toBe(customerId);
  });
});

describe('when Stripe fails', () => {
  it('answers 502 with a message, grants nothing, and cancels the open checkout', async () => {
    const buyer = freshPerson();
    const design = await createDesign(t, seller.userId, { slug: 'outage', isPaid: true, priceCents: 700 });
    // The buyer's customer exists already, so the failures land on the checkout itself.
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/payments/billing-portal',
      headers: authHeader(buyer),
    });
    expect(portal.statusCode).toBe(200);

    const seen = fake.requests.length;
    fake.failNext(500, 3); // the first try and the SDK's two retries
    const { res } = await openCheckout(t, buyer, CHECKOUT.design, { designId: design.id });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: PAYMENT_MSG.checkoutSessionFailed,
      code: 'PAYMENT_PROVIDER_ERROR',
    });
    const attempts = fake.requests.slice(seen);
    expect(attempts.map((r) => [r.path, r.status])).toEqual(Array(3).fill(['/v1/checkout/sessions', 500]));
    // Every retry carried the same key, so Stripe could never open two sessions for it.
    expect(new Set(attempts.map((r) => r.headers['idempotency-key'])).size).toBe(1);

    const rows = await t.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('buyer_id', '=', buyer.userId)
      .execute();
    expect(rows).toEqual([expect.objectContaining({ status: 'canceled', provider_session_id: null })]);
    expect(await purchasesOf(buyer)).toEqual([]);
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(403);

    // Once Stripe answers again, the buyer simply tries again.
    const retry = await openDesignCheckout(buyer, design.id);
    expect(retry.res.json().url).toBe(`https://checkout.stripe.test/c/pay/${retry.providerSessionId}`);
  });
});
