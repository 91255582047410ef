import { PAYMENT_MSG } from '@printmarket/shared/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import {
  buy,
  CHECKOUT,
  canDownloadDesign,
  connectSeller,
  createCollection,
  createPlan,
  openCheckout,
  subscribe,
} from '../../test/payments-test-kit.ts';
import { WEBHOOK_PATH } from '../fulfilment/fulfilment-routes.ts';
import { paymentEvents } from '../sandbox/sandbox-events.ts';
import { SandboxPayments } from './sandbox-adapter.ts';

/**
 * A buyer is charged at most once for what they hold (sandbox adapter): checkouts of held items are
 * refused, one open checkout per buyer and item, a second payment is refunded, and a canceled
 * subscription still running is resumed rather than sold again.
 */

let t: TestApp;
// The app's own adapter, so the test can sign events as the sandbox's checkout page does.
const sandbox = new SandboxPayments();
let seller: TestPerson;
let people: TestPerson[];
let nextPerson = 0;
const freshPerson = () => {
  const person = people[nextPerson++];
  if (!person) throw new Error('not enough test people');
  return person;
};

beforeAll(async () => {
  t = await createTestApp({}, { payments: sandbox });
  const [first, ...rest] = await createPeople(t, 'once', 16);
  seller = first as TestPerson;
  people = rest;
  await connectSeller(t, seller);
});
afterAll(() => t.close());

async function checkoutRow(providerSessionId: string) {
  return t.db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('provider_session_id', '=', providerSessionId)
    .executeTakeFirstOrThrow();
}

/** Posts the sandbox's signed events for a checkout to the webhook, in order; answers the results. */
async function deliverPayment(events: object[]): Promise<string[]> {
  const results: string[] = [];
  for (const event of events) {
    const payload = JSON.stringify(event);
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': await sandbox.sign(payload) },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    results.push((res.json() as { result: string }).result);
  }
  return results;
}

const count = async (table: 'purchases' | 'payment_refunds' | 'subscriptions', buyer: TestPerson) => {
  const column = table === 'subscriptions' ? 'subscriber_id' : 'buyer_id';
  const row = await t.db
    .selectFrom(table)
    .select(t.db.fn.countAll<string>().as('n'))
    .where(column, '=', buyer.userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

async function sellerData(person: TestPerson) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/payments/payouts/seller-data',
    headers: authHeader(person),
  });
  return res.json() as {
    totalEarnings: number;
    salesCount: number;
    refundsCount: number;
    refundedTotal: number;
  };
}

async function myPurchases(person: TestPerson) {
  const res = await t.app.inject({ method: 'GET', url: '/api/purchases/my', headers: authHeader(person) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

function post(url: string, person: TestPerson, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: authHeader(person), payload });
}

describe('opening a checkout', () => {
  it('answers 409 for a design or collection already held', async () => {
    const buyer = freshPerson();
    const collectionId = await createCollection(t, seller.userId, 'Held Bundle', { priceCents: 900 });
    const inside = await createDesign(t, seller.userId, { slug: 'held-inside', isPaid: true, collectionId });
    await buy(t, buyer, CHECKOUT.collection, { collectionId });

    const again = await openCheckout(t, buyer, CHECKOUT.collection, { collectionId });
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json()).toEqual({ message: PAYMENT_MSG.alreadyOwned, code: 'ALREADY_OWNED' });
    // A design the collection purchase covers is held too.
    const design = await openCheckout(t, buyer, CHECKOUT.design, { designId: inside.id });
    expect(design.res.statusCode).toBe(409);
    expect(design.res.json().message).toBe(PAYMENT_MSG.alreadyOwned);
  });

  it('answers the same open checkout again, also to simultaneous calls, and one row stays open', async () => {
    const buyer = freshPerson();
    const design = await createDesign(t, seller.userId, { slug: 'twin-tabs', isPaid: true, priceCents: 700 });
    const calls = await Promise.all(
      Array.from({ length: 6 }, () => openCheckout(t, buyer, CHECKOUT.design, { designId: design.id })),
    );
    expect(calls.map((c) => c.res.statusCode)).toEqual(Array(6).fill(200));
    const urls = new Set(calls.map((c) => c.res.json().url));
    expect(urls.size).toBe(1);
    const later = await openCheckout(t, buyer, CHECKOUT.design, { designId: design.id });
    expect(later.res.json().url).toBe([...urls][0]);
    const rows = await t.db
      .selectFrom('checkout_sessions')
      .select(['status'])
      .where('buyer_id', '=', buyer.userId)
      .execute();
    expect(rows).toEqual([{ status: 'open' }]);

    // Left on the checkout page, it no longer stands: the next try opens a new one.
    const sessionId = later.sessionId as string;
    await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/checkout/${sessionId}/cancel`,
      headers: authHeader(buyer),
    });
    const fresh = await openCheckout(t, buyer, CHECKOUT.design, { designId: design.id });
    expect(fresh.res.statusCode).toBe(200);
    expect(fresh.sessionId).not.toBe(sessionId);
  });

  it('opens a new checkout on other terms (another plan period) and closes the old one', async () => {
    const buyer = freshPerson();
    const collectionId = await createCollection(t, seller.userId, 'Terms Minis', {
      pricingType: 'subscription',
    });
    const planId = await createPlan(t, seller, [collectionId], { name: 'Terms Plan' });
    const monthly = await openCheckout(t, buyer, CHECKOUT.subscription, {
      collectionId,
      planId,
      planType: 'monthly',
    });
    const monthlyAgain = await openCheckout(t, buyer, CHECKOUT.subscription, {
      collectionId,
      planId,
      planType: 'monthly',
    });
    expect(monthlyAgain.sessionId).toBe(monthly.sessionId);
    const yearly = await openCheckout(t, buyer, CHECKOUT.subscription, {
      collectionId,
      planId,
      planType: 'yearly',
    });
    expect(yearly.res.statusCode).toBe(200);
    expect(yearly.sessionId).not.toBe(monthly.sessionId);
    expect((await checkoutRow(monthly.sessionId as string)).status).toBe('canceled');
    expect(await checkoutRow(yearly.sessionId as string)).toMatchObject({
      status: 'open',
      price_cents: 5000,
    });
  });
});

describe('a second payment for what the buyer holds', () => {
  it('is refunded, not granted, when two paid checkouts of one design arrive at the same moment', async () => {
    const buyer = freshPerson();
    const design = await createDesign(t, seller.userId, {
      slug: 'paid-twice',
      isPaid: true,
      priceCents: 1000,
    });
    const before = await sellerData(seller);
    // The first checkout page stays payable at the provider when the price changes and a second
    // checkout is opened: the buyer pays both, in two tabs.
    const first = await openCheckout(t, buyer, CHECKOUT.design, { designId: design.id });
    await t.db.updateTable('designs').set({ price_cents: 1200 }).where('id', '=', design.id).execute();
    const second = await openCheckout(t, buyer, CHECKOUT.design, { designId: design.id });
    expect(second.sessionId).not.toBe(first.sessionId);
    const events = await Promise.all(
      [first, second].map(async ({ sessionId }) =>
        paymentEvents({
          ...(await checkoutRow(sessionId as string)),
          provider_session_id: sessionId as string,
        }),
      ),
    );

    const results = (await Promise.all(events.map(deliverPayment))).flat().sort();
    expect(results).toEqual(['applied', 'refunded']);
    expect(await count('purchases', buyer)).toBe(1);
    expect(await count('payment_refunds', buyer)).toBe(1);
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);

    // Redelivered, neither changes anything again.
    expect((await Promise.all(events.map(deliverPayment))).flat()).toEqual(['duplicate', 'duplicate']);
    expect(await count('purchases', buyer)).toBe(1);
    expect(await count('payment_refunds', buyer)).toBe(1);

    // The seller is credited once; the refund shows in their history and not in their earnings.
    const [purchase] = await t.db
      .selectFrom('purchases')
      .selectAll()
      .where('buyer_id', '=', buyer.userId)
      .execute();
    const after = await sellerData(seller);
    expect(after.salesCount).toBe(before.salesCount + 1);
    const creatorShare = purchase?.price_cents === 1000 ? 8.3 : 9.96;
    expect(after.totalEarnings).toBeCloseTo(before.totalEarnings + creatorShare, 2);
    expect(after.refundsCount).toBe(before.refundsCount + 1);
    const refundedPrice = purchase?.price_cents === 1000 ? 12 : 10;
    expect(after.refundedTotal).toBeCloseTo(before.refundedTotal + refundedPrice, 2);

    // The success page of each checkout says which one was refunded.
    const statuses = await Promise.all(
      [first, second].map(async ({ sessionId }) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/payments/checkout/status?session_id=${sessionId}`,
          headers: authHeader(buyer),
        });
        return res.json() as { status: string; refunded: boolean };
      }),
    );
    expect(statuses.map((s) => s.status)).toEqual(['complete', 'complete']);
    expect(statuses.map((s) => s.refunded).sort()).toEqual([false, true]);

    // The buyer's history lists the purchase and the refunded payment.
    const mine = await myPurchases(buyer);
    expect(mine.designPurchases).toHaveLength(1);
    expect(mine.refunds).toEqual([
      expect.objectContaining({
        kind: 'design',
        name: design.name,
        amount: refundedPrice,
        reason: 'duplicate',
      }),
    ]);
  });

  it('refunds a second subscription to the same collection, and its first invoice is not earned', async () => {
    const buyer = freshPerson();
    const collectionId = await createCollection(t, seller.userId, 'Twice Minis', {
      pricingType: 'subscription',
    });
    const planId = await createPlan(t, seller, [collectionId], { name: 'Twice Plan' });
    const before = await sellerData(seller);
    const monthly = await openCheckout(t, buyer, CHECKOUT.subscription, {
      collectionId,
      planId,
      planType: 'monthly',
    });
    const yearly = await openCheckout(t, buyer, CHECKOUT.subscription, {
      collectionId,
      planId,
      planType: 'yearly',
    });
    const events = await Promise.all(
      [monthly, yearly].map(async ({ sessionId }) =>
        paymentEvents({
          ...(await checkoutRow(sessionId as string)),
          provider_session_id: sessionId as string,
        }),
      ),
    );
    // Each checkout's completed event and first invoice, the two checkouts at the same moment.
    const results = (await Promise.all(events.map(deliverPayment))).flat().sort();
    expect(results).toEqual(['applied', 'applied', 'applied', 'refunded']);
    expect(await count('subscriptions', buyer)).toBe(1);
    expect(await count('payment_refunds', buyer)).toBe(1);

    const [kept] = await t.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('subscriber_id', '=', buyer.userId)
      .execute();
    const after = await sellerData(seller);
    expect(after.salesCount).toBe(before.salesCount + 1);
    const creatorShare = kept?.price_cents === 500 ? 4.15 : 41.5;
    expect(after.totalEarnings).toBeCloseTo(before.totalEarnings + creatorShare, 2);
    expect(after.refundsCount).toBe(before.refundsCount + 1);
    expect((await myPurchases(buyer)).refunds).toEqual([
      expect.objectContaining({ kind: 'subscription', amount: kept?.price_cents === 500 ? 50 : 5 }),
    ]);
  });

  it('is refunded when the design was bought meanwhile with its collection', async () => {
    const buyer = freshPerson();
    const collectionId = await createCollection(t, seller.userId, 'Meanwhile', { priceCents: 1500 });
    const design = await createDesign(t, seller.userId, { slug: 'meanwhile', isPaid: true, collectionId });
    const designCheckout = await openCheckout(t, buyer, CHECKOUT.design, { designId: design.id });
    await buy(t, buyer, CHECKOUT.collection, { collectionId });
    const row = await checkoutRow(designCheckout.sessionId as string);
    const results = await deliverPayment(
      paymentEvents({ ...row, provider_session_id: designCheckout.sessionId as string }),
    );
    expect(results).toEqual(['refunded']);
    const mine = await myPurchases(buyer);
    expect(mine.designPurchases).toEqual([]);
    expect(mine.refunds).toEqual([expect.objectContaining({ kind: 'design', name: design.name })]);
  });
});

describe('a canceled subscription that still runs', () => {
  let collectionId: string;
  let planId: string;
  let designId: string;
  beforeAll(async () => {
    collectionId = await createCollection(t, seller.userId, 'Resume Minis', { pricingType: 'subscription' });
    designId = (await createDesign(t, seller.userId, { slug: 'resume-mini', isPaid: true, collectionId })).id;
    planId = await createPlan(t, seller, [collectionId], { name: 'Resume Plan' });
  });

  it('is not sold again (409 pointing to Resume) and is resumed by its subscriber only', async () => {
    const buyer = freshPerson();
    const other = freshPerson();
    const subscriptionId = await subscribe(t, buyer, collectionId, planId);
    const active = await post('/api/purchases/resume', buyer, { subscriptionId });
    expect(active.statusCode).toBe(409);
    expect(active.json()).toEqual({ message: PAYMENT_MSG.notResumable, code: 'SUBSCRIPTION_NOT_RESUMABLE' });

    await post('/api/purchases/cancel', buyer, { subscriptionId });
    const again = await openCheckout(t, buyer, CHECKOUT.subscription, {
      collectionId,
      planId,
      planType: 'yearly',
    });
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json()).toEqual({ message: PAYMENT_MSG.resumeInstead, code: 'RESUME_INSTEAD' });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/collections/${collectionId}`,
      headers: authHeader(buyer),
    });
    expect(detail.json().access).toMatchObject({
      canSubscribe: false,
      canDownload: true,
      subscription: {
        id: subscriptionId,
        status: 'canceled',
        planId,
        planName: 'Resume Plan',
        planType: 'monthly',
      },
    });

    expect((await post('/api/purchases/resume', other, { subscriptionId })).statusCode).toBe(404);
    expect((await post('/api/purchases/resume', buyer, {})).statusCode).toBe(400);
    const resumed = await post('/api/purchases/resume', buyer, { subscriptionId });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({
      message: PAYMENT_MSG.resumeSuccess,
      subscription: { _id: subscriptionId, status: 'active', active: true },
    });
    expect(await count('subscriptions', buyer)).toBe(1);
    expect(await canDownloadDesign(t, buyer, designId)).toBe(200);
    const twice = await openCheckout(t, buyer, CHECKOUT.subscription, {
      collectionId,
      planId,
      planType: 'monthly',
    });
    expect(twice.res.json()).toEqual({ message: PAYMENT_MSG.alreadyOwned, code: 'ALREADY_OWNED' });
    // Renewing again, it may be canceled again.
    const cancel = await post('/api/purchases/cancel', buyer, { subscriptionId });
    expect(cancel.json().subscription).toMatchObject({ status: 'canceled' });
  });

  it('is not resumed once it has run out (409), and then a new one may be bought', async () => {
    const buyer = freshPerson();
    const subscriptionId = await subscribe(t, buyer, collectionId, planId);
    await post('/api/purchases/cancel', buyer, { subscriptionId });
    await t.db
      .updateTable('subscriptions')
      .set({ end_date: new Date(Date.now() - 1000) })
      .where('id', '=', subscriptionId)
      .execute();
    const late = await post('/api/purchases/resume', buyer, { subscriptionId });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('SUBSCRIPTION_NOT_RESUMABLE');
    expect(await canDownloadDesign(t, buyer, designId)).toBe(403);
    const fresh = await openCheckout(t, buyer, CHECKOUT.subscription, {
      collectionId,
      planId,
      planType: 'monthly',
    });
    expect(fresh.res.statusCode).toBe(200);
  });
});
