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
  pay,
  subscribe,
} from '../../test/payments-test-kit.ts';

let t: TestApp;
let seller: TestPerson;
let buyer: TestPerson;
let other: TestPerson;
let unconnected: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer, other, unconnected] = (await createPeople(t, 'pay', 4)) as [
    TestPerson,
    TestPerson,
    TestPerson,
    TestPerson,
  ];
  await connectSeller(t, seller);
});
afterAll(() => t.close());

describe('buying a design in the sandbox', () => {
  it('grants the download only after the verified payment event, at the database price', async () => {
    const design = await createDesign(t, seller.userId, { slug: 'gear-box', isPaid: true, priceCents: 1234 });
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(403);

    const { res, sessionId } = await openCheckout(t, buyer, CHECKOUT.design, {
      designId: design.id,
      price: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toBe(`/sandbox/checkout/${sessionId}`);
    // An open checkout grants nothing.
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(403);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/sandbox/checkout/${sessionId}`,
      headers: authHeader(buyer),
    });
    expect(page.json()).toMatchObject({
      kind: 'design',
      itemName: design.name,
      split: { priceCents: 1234, platformCents: 185, providerCents: 25, creatorCents: 1024 },
      status: 'open',
    });
    // Nobody else sees (or pays) the buyer's checkout.
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/payments/sandbox/checkout/${sessionId}`,
      headers: authHeader(other),
    });
    expect(peek.statusCode).toBe(404);

    const { redirectUrl } = await pay(t, buyer, sessionId as string);
    expect(redirectUrl).toBe(
      `/payment-success?purchaseType=design&itemId=${design.id}&session_id=${sessionId}`,
    );
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);
    expect(await canDownloadDesign(t, other, design.id)).toBe(403);

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payments/checkout/status?session_id=${sessionId}`,
      headers: authHeader(buyer),
    });
    expect(status.json()).toMatchObject({ status: 'complete', kind: 'design', itemId: design.id });

    const mine = await t.app.inject({ method: 'GET', url: '/api/purchases/my', headers: authHeader(buyer) });
    expect(mine.json().designPurchases).toEqual([
      expect.objectContaining({ designId: design.id, pricePaid: 12.34, name: design.name }),
    ]);
    // Paying the same checkout again changes nothing.
    await pay(t, buyer, sessionId as string);
    const count = await t.db
      .selectFrom('purchases')
      .select(t.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    const seller_ = await t.app.inject({
      method: 'GET',
      url: '/api/payments/payouts/seller-data',
      headers: authHeader(seller),
    });
    expect(seller_.json()).toMatchObject({
      success: true,
      totalEarnings: 10.24,
      salesCount: 1,
      mode: 'sandbox',
    });
  });

  it('refuses own items, second purchases, free designs and sellers without payouts with clear 4xx', async () => {
    const paid = await createDesign(t, seller.userId, { slug: 'twice', isPaid: true, priceCents: 300 });
    const free = await createDesign(t, seller.userId, { slug: 'freebie' });
    const stranded = await createDesign(t, unconnected.userId, { slug: 'stranded', isPaid: true });

    const own = await openCheckout(t, seller, CHECKOUT.design, { designId: paid.id });
    expect(own.res.statusCode).toBe(403);
    expect(own.res.json().message).toBe('You cannot buy your own item.');

    await buy(t, buyer, CHECKOUT.design, { designId: paid.id });
    const again = await openCheckout(t, buyer, CHECKOUT.design, { designId: paid.id });
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json().message).toBe('You already own this item.');

    expect((await openCheckout(t, buyer, CHECKOUT.design, { designId: free.id })).res.statusCode).toBe(400);
    const notReady = await openCheckout(t, buyer, CHECKOUT.design, { designId: stranded.id });
    expect(notReady.res.statusCode).toBe(409);
    expect(notReady.res.json().message).toBe('This creator cannot take payments yet.');
    expect((await openCheckout(t, undefined, CHECKOUT.design, { designId: paid.id })).res.statusCode).toBe(
      401,
    );
    expect((await openCheckout(t, buyer, CHECKOUT.design, {})).res.statusCode).toBe(400);
    expect((await openCheckout(t, buyer, CHECKOUT.design, { designId: 'nope' })).res.statusCode).toBe(404);
  });

  it('leaves a checkout the buyer cancelled unpaid and grants nothing', async () => {
    const design = await createDesign(t, seller.userId, { slug: 'left', isPaid: true });
    const { sessionId } = await openCheckout(t, buyer, CHECKOUT.design, { designId: design.id });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/checkout/${sessionId}/cancel`,
      headers: authHeader(buyer),
    });
    expect(cancel.json().redirectUrl).toBe(`/design/${seller.username}/left`);
    await pay(t, buyer, sessionId as string);
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(403);
  });
});

describe('buying a collection', () => {
  it('covers its designs, and the designs bought stay downloadable after removal or deletion', async () => {
    const collectionId = await createCollection(t, seller.userId, 'Bundle', { priceCents: 2000 });
    const kept = await createDesign(t, seller.userId, { slug: 'kept', isPaid: true, collectionId });
    const removed = await createDesign(t, seller.userId, { slug: 'removed', isPaid: true, collectionId });

    const detailBefore = await t.app.inject({
      method: 'GET',
      url: `/api/collections/${collectionId}`,
      headers: authHeader(buyer),
    });
    expect(detailBefore.json().access).toMatchObject({
      canDownload: false,
      canPurchase: true,
      purchased: false,
    });

    await buy(t, buyer, CHECKOUT.collection, { collectionId });
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/collections/${collectionId}/download-all`,
      headers: authHeader(buyer),
    });
    expect(zip.statusCode).toBe(200);
    const snapshot = await t.app.inject({
      method: 'GET',
      url: `/api/purchases/my-collection-purchase?collectionId=${collectionId}`,
      headers: authHeader(buyer),
    });
    expect(snapshot.json().designIds.sort()).toEqual([kept.id, removed.id].sort());

    // The seller takes a design out; deleting the collection is refused (it was bought), and were
    // it gone all the same (its row removed), what was bought stays bought.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/${collectionId}/remove`,
      headers: authHeader(seller),
      payload: { designId: removed.id },
    });
    expect(await canDownloadDesign(t, buyer, removed.id)).toBe(200);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/collections/${collectionId}`,
      headers: authHeader(seller),
    });
    expect(refused.statusCode).toBe(409);
    await t.db.deleteFrom('collections').where('id', '=', collectionId).execute();
    expect(await canDownloadDesign(t, buyer, kept.id)).toBe(200);
    expect(await canDownloadDesign(t, other, kept.id)).toBe(403);
    const mine = await t.app.inject({ method: 'GET', url: '/api/purchases/my', headers: authHeader(buyer) });
    expect(mine.json().collectionPurchases).toEqual([
      expect.objectContaining({ name: 'Bundle', collectionId: null, pricePaid: 20 }),
    ]);
  });
});

describe('subscriptions', () => {
  it('gives access while active, and after cancelling until the end date only', async () => {
    const collectionId = await createCollection(t, seller.userId, 'Monthly Minis', {
      pricingType: 'subscription',
      priceCents: 500,
    });
    const design = await createDesign(t, seller.userId, { slug: 'mini', isPaid: true, collectionId });
    const planId = await createPlan(t, seller, [collectionId]);
    const plans = await t.app.inject({
      method: 'GET',
      url: `/api/subscription-plans/for-collection/${collectionId}`,
    });
    expect(plans.json()).toEqual([expect.objectContaining({ id: planId, monthlyPrice: 5, annualPrice: 50 })]);

    const subscriptionId = await subscribe(t, buyer, collectionId, planId, 'yearly');
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: '/api/purchases/my', headers: authHeader(buyer) });
    const sub = mine.json().subscriptions[0];
    expect(sub).toMatchObject({
      _id: subscriptionId,
      collectionId,
      active: true,
      planType: 'yearly',
      price: 50,
    });
    const year = new Date(sub.endDate).getTime() - new Date(sub.startDate).getTime();
    expect(Math.round(year / 86_400_000)).toBeGreaterThanOrEqual(365);
    // Subscribing twice is refused while the first renews.
    const twice = await openCheckout(t, buyer, CHECKOUT.subscription, {
      collectionId,
      planId,
      planType: 'monthly',
    });
    expect(twice.res.statusCode).toBe(409);

    // Only the subscriber cancels.
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/purchases/cancel',
      headers: authHeader(other),
      payload: { subscriptionId },
    });
    expect(stranger.statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/purchases/cancel',
      headers: authHeader(buyer),
      payload: { subscriptionId },
    });
    expect(cancel.json()).toMatchObject({
      message: 'Subscription canceled successfully! You still have access until it expires.',
      subscription: { active: false, status: 'canceled', endDate: sub.endDate },
    });
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);

    // Past the end date, the access is gone.
    await t.db
      .updateTable('subscriptions')
      .set({ end_date: new Date(Date.now() - 1000) })
      .where('id', '=', subscriptionId)
      .execute();
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(403);

    // The seller earned 83 % of the yearly price (15 % platform, 2 % provider).
    const earnings = await t.db
      .selectFrom('earnings')
      .selectAll()
      .where('source', 'like', 'invoice:%')
      .executeTakeFirstOrThrow();
    expect(earnings).toMatchObject({
      price_cents: 5000,
      platform_fee_cents: 750,
      provider_fee_cents: 100,
      creator_cents: 4150,
    });
  });

  it('refuses a plan that does not cover the collection', async () => {
    const covered = await createCollection(t, seller.userId, 'Covered', { pricingType: 'subscription' });
    const uncovered = await createCollection(t, seller.userId, 'Uncovered', { pricingType: 'subscription' });
    const planId = await createPlan(t, seller, [covered], { name: 'Narrow' });
    const res = await openCheckout(t, other, CHECKOUT.subscription, {
      collectionId: uncovered,
      planId,
      planType: 'monthly',
    });
    expect(res.res.statusCode).toBe(404);
    const bad = await openCheckout(t, other, CHECKOUT.subscription, {
      collectionId: covered,
      planId,
      planType: 'weekly',
    });
    expect(bad.res.statusCode).toBe(400);
  });
});
