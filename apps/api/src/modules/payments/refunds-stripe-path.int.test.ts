import { randomBytes } from 'node:crypto';
import { feeSplit } from '@printmarket/shared/money';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_REFUND_REASON } from '../../db/purchase-refunds.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts';
import { CHECKOUT, canDownloadDesign, createCollection, openCheckout } from '../../test/payments-test-kit.ts';
import { WEBHOOK_PATH } from '../fulfilment/fulfilment-routes.ts';

/**
 * Refunds and disputes on the Stripe adapter, offline: the app runs the real `stripe` SDK against
 * the local fake (test/fake-stripe.ts), and the test plays Stripe's side of the webhook: the
 * refund an operator asks for, then `charge.refunded` for it; a refund made in Stripe's dashboard;
 * and disputes opened and closed, won and lost. Each event is delivered twice.
 */

const SECRET_KEY = 'sk_test_51PrintMarketRefundPathKey';
const WEBHOOK_SECRET = 'whsec_printmarket_refund_path_secret';

let fake: FakeStripe;
let t: TestApp;
let operator: TestPerson;
let seller: TestPerson;
let people: TestPerson[];
let nextPerson = 0;
const freshPerson = () => {
  const person = people[nextPerson++];
  if (!person) throw new Error('not enough test people');
  return person;
};
let slugs = 0;

const signer = new Stripe(SECRET_KEY);
const unix = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  t = await createTestApp({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    ADMIN_EMAILS: 'stripeops0@example.com',
  });
  [operator] = (await createPeople(t, 'stripeops', 1)) as [TestPerson];
  [seller, ...people] = (await createPeople(t, 'disputed', 20)) as [TestPerson, ...TestPerson[]];
  const connect = await t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe-connect/connect',
    headers: authHeader(seller),
  });
  const { accountId } = connect.json() as { accountId: string };
  await deliver(
    stripeEvent('account.updated', {
      id: accountId,
      object: 'account',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    }),
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type StripeEvent = { id: string; type: string; data: { object: Record<string, unknown> } };

function stripeEvent(type: string, object: Record<string, unknown>): StripeEvent {
  return {
    id: id('evt_'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: unix(),
    livemode: false,
    type,
    data: { object },
  } as StripeEvent;
}

/** Delivers the event signed as Stripe signs it; answers the webhook's result. */
async function deliver(event: StripeEvent): Promise<string> {
  const payload = JSON.stringify(event);
  const res = await t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: string }).result;
}

/** Delivers the event twice, as Stripe may: answers both results. */
const deliverTwice = async (event: StripeEvent) => [await deliver(event), await deliver(event)];

type Bought = {
  buyer: TestPerson;
  designId: string;
  purchaseId: string;
  checkoutSessionId: string;
  providerSessionId: string;
  paymentIntentId: string;
};

/** A design bought through Stripe Checkout: opened by the route, paid at the fake, reported paid. */
async function boughtDesign(priceCents = 2000): Promise<Bought> {
  const buyer = freshPerson();
  const design = await createDesign(t, seller.userId, {
    slug: `disputed-${++slugs}`,
    isPaid: true,
    priceCents,
  });
  const { res, sessionId } = await openCheckout(t, buyer, CHECKOUT.design, { designId: design.id });
  expect(res.statusCode, res.body).toBe(200);
  const providerSessionId = sessionId as string;
  const paymentIntentId = fake.payCheckoutSession(providerSessionId);
  const checkout = await t.db
    .selectFrom('checkout_sessions')
    .select('id')
    .where('provider_session_id', '=', providerSessionId)
    .executeTakeFirstOrThrow();
  const result = await deliver(
    stripeEvent('checkout.session.completed', {
      id: providerSessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: checkout.id,
      metadata: { checkoutSessionId: checkout.id },
      amount_total: priceCents,
      currency: 'usd',
      payment_intent: paymentIntentId,
      subscription: null,
      invoice: null,
    }),
  );
  expect(result).toBe('applied');
  const purchase = await t.db
    .selectFrom('purchases')
    .select(['id', 'provider_payment_id'])
    .where('checkout_session_id', '=', checkout.id)
    .executeTakeFirstOrThrow();
  // Kept from the paid event: refunds and disputes find the purchase by it.
  expect(purchase.provider_payment_id).toBe(paymentIntentId);
  expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);
  return {
    buyer,
    designId: design.id,
    purchaseId: purchase.id,
    checkoutSessionId: checkout.id,
    providerSessionId,
    paymentIntentId,
  };
}

function chargeRefunded(bought: Bought, amount: number, refunded = true) {
  return stripeEvent('charge.refunded', {
    id: id('ch_'),
    object: 'charge',
    amount,
    amount_refunded: refunded ? amount : Math.floor(amount / 2),
    currency: 'usd',
    paid: true,
    refunded,
    payment_intent: bought.paymentIntentId,
    metadata: { checkoutSessionId: bought.checkoutSessionId },
    refunds: { object: 'list', data: [{ id: id('re_'), object: 'refund', amount, status: 'succeeded' }] },
  });
}

function dispute(bought: Bought, disputeId: string, type: string, status: string) {
  return stripeEvent(type, {
    id: disputeId,
    object: 'dispute',
    amount: 2000,
    currency: 'usd',
    charge: id('ch_'),
    payment_intent: bought.paymentIntentId,
    reason: 'fraudulent',
    status,
  });
}

async function earningsCents(): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/payments/payouts/seller-data',
    headers: authHeader(seller),
  });
  return Math.round((res.json() as { totalEarnings: number }).totalEarnings * 100);
}

const refund = (purchaseId: string, reason = 'Files do not match the photos') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/purchases/${purchaseId}/refund`,
    headers: authHeader(operator),
    payload: { reason },
  });

const auditLines = (purchaseId: string) =>
  t.db.selectFrom('audit_log').selectAll().where('target_id', '=', purchaseId).execute();

const purchaseRow = (purchaseId: string) =>
  t.db.selectFrom('purchases').selectAll().where('id', '=', purchaseId).executeTakeFirstOrThrow();

describe("an operator's refund on Stripe", () => {
  it('asks for a full refund with the transfer and the fee reversed, under a key made from the purchase', async () => {
    const bought = await boughtDesign(2000);
    const before = await earningsCents();
    const res = await refund(bought.purchaseId);
    expect(res.statusCode, res.body).toBe(200);

    const sent = fake.requests.filter((r) => r.path === '/v1/refunds').at(-1);
    expect(sent?.status).toBe(200);
    expect(sent?.body).toEqual({
      payment_intent: bought.paymentIntentId,
      reverse_transfer: 'true',
      refund_application_fee: 'true',
      metadata: { purchase_id: bought.purchaseId },
    });
    expect(sent?.headers['idempotency-key']).toBe(`purchase-refund:${bought.purchaseId}`);
    expect(fake.refunds.filter((r) => r.payment_intent === bought.paymentIntentId)).toHaveLength(1);
    expect(await canDownloadDesign(t, bought.buyer, bought.designId)).toBe(403);
    expect(before - (await earningsCents())).toBe(feeSplit(2000).creatorCents);

    // Stripe then reports the refund: recorded already, so nothing changes, twice.
    expect(await deliverTwice(chargeRefunded(bought, 2000))).toEqual(['ignored', 'duplicate']);
    expect(await auditLines(bought.purchaseId)).toHaveLength(1);
    expect(before - (await earningsCents())).toBe(feeSplit(2000).creatorCents);
  });

  it('lets a refused call be asked again, and Stripe refunds once', async () => {
    const bought = await boughtDesign(1000);
    fake.failNext(400);
    const failed = await refund(bought.purchaseId);
    expect(failed.statusCode).toBe(502);
    expect(await canDownloadDesign(t, bought.buyer, bought.designId)).toBe(200);
    expect((await refund(bought.purchaseId)).statusCode).toBe(200);
    expect((await refund(bought.purchaseId)).statusCode).toBe(409);
    expect(fake.refunds.filter((r) => r.payment_intent === bought.paymentIntentId)).toHaveLength(1);
  });

  it('finds the payment of a purchase stored without one through its checkout session, or answers 409', async () => {
    const bought = await boughtDesign(1200);
    // As purchases made before the payment id was kept.
    await t.db
      .updateTable('purchases')
      .set({ provider_payment_id: null })
      .where('id', '=', bought.purchaseId)
      .execute();
    expect((await refund(bought.purchaseId)).statusCode).toBe(200);
    expect(fake.requests.some((r) => r.method === 'GET' && r.path.endsWith(bought.providerSessionId))).toBe(
      true,
    );
    expect(fake.refunds.filter((r) => r.payment_intent === bought.paymentIntentId)).toHaveLength(1);
    expect((await purchaseRow(bought.purchaseId)).provider_payment_id).toBe(bought.paymentIntentId);

    // A checkout Stripe knows no payment of (here: one it never made).
    const unknown = await boughtDesign(1200);
    await t.db
      .updateTable('purchases')
      .set({ provider_payment_id: null })
      .where('id', '=', unknown.purchaseId)
      .execute();
    await t.db
      .updateTable('checkout_sessions')
      .set({ provider_session_id: 'cs_test_never_made_here' })
      .where('id', '=', unknown.checkoutSessionId)
      .execute();
    const refused = await refund(unknown.purchaseId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NO_PROVIDER_PAYMENT');
    expect(await canDownloadDesign(t, unknown.buyer, unknown.designId)).toBe(200);
  });
});

describe("a refund made in Stripe's dashboard", () => {
  it('takes the access away and lowers the earnings once; a partial refund changes nothing', async () => {
    const bought = await boughtDesign(1800);
    const before = await earningsCents();
    expect(await deliverTwice(chargeRefunded(bought, 1800, false))).toEqual(['ignored', 'duplicate']);
    expect(await canDownloadDesign(t, bought.buyer, bought.designId)).toBe(200);

    expect(await deliverTwice(chargeRefunded(bought, 1800))).toEqual(['applied', 'duplicate']);
    expect(await canDownloadDesign(t, bought.buyer, bought.designId)).toBe(403);
    expect(before - (await earningsCents())).toBe(feeSplit(1800).creatorCents);
    expect(await purchaseRow(bought.purchaseId)).toMatchObject({
      refunded_at: expect.any(Date),
      refunded_by: null,
      refund_reason: PROVIDER_REFUND_REASON,
    });
    // Another delivery about the same refund (a new event id) changes nothing either.
    expect(await deliver(chargeRefunded(bought, 1800))).toBe('ignored');
    expect(before - (await earningsCents())).toBe(feeSplit(1800).creatorCents);
    expect(await auditLines(bought.purchaseId)).toEqual([]);
    // And an operator is told it was refunded.
    const again = await refund(bought.purchaseId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REFUNDED');
  });
});

describe('disputes', () => {
  it('freeze access and open a report while open; won, access comes back and earnings never moved', async () => {
    const bought = await boughtDesign(2000);
    const before = await earningsCents();
    const disputeId = id('dp_');
    expect(
      await deliverTwice(dispute(bought, disputeId, 'charge.dispute.created', 'needs_response')),
    ).toEqual(['applied', 'duplicate']);
    expect(await canDownloadDesign(t, bought.buyer, bought.designId)).toBe(403);
    const reports = await t.db
      .selectFrom('reports')
      .selectAll()
      .where('reporter_id', '=', bought.buyer.userId)
      .execute();
    expect(reports).toEqual([
      expect.objectContaining({
        target_type: 'design',
        target_id: bought.designId,
        reason: 'other',
        status: 'open',
        details: expect.stringContaining(bought.purchaseId.slice(0, 9)),
      }),
    ]);
    expect(await earningsCents()).toBe(before);
    // No refund while the bank decides.
    const refused = await refund(bought.purchaseId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PURCHASE_DISPUTED');

    expect(await deliverTwice(dispute(bought, disputeId, 'charge.dispute.closed', 'won'))).toEqual([
      'applied',
      'duplicate',
    ]);
    expect(await canDownloadDesign(t, bought.buyer, bought.designId)).toBe(200);
    expect(await earningsCents()).toBe(before);
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/admin/purchases?q=${bought.purchaseId.slice(0, 9)}`,
      headers: authHeader(operator),
    });
    expect(search.json().purchases[0]).toMatchObject({ dispute: { status: 'won' }, refund: null });
  });

  it('lost: the access goes and the earnings fall by the seller’s share, once', async () => {
    const bought = await boughtDesign(2000);
    const before = await earningsCents();
    const disputeId = id('dp_');
    expect(await deliver(dispute(bought, disputeId, 'charge.dispute.created', 'needs_response'))).toBe(
      'applied',
    );
    expect(await deliverTwice(dispute(bought, disputeId, 'charge.dispute.closed', 'lost'))).toEqual([
      'applied',
      'duplicate',
    ]);
    expect(await canDownloadDesign(t, bought.buyer, bought.designId)).toBe(403);
    expect(before - (await earningsCents())).toBe(feeSplit(2000).creatorCents);
    // The same close told again under another event id: nothing more.
    expect(await deliver(dispute(bought, disputeId, 'charge.dispute.closed', 'lost'))).toBe('ignored');
    expect(before - (await earningsCents())).toBe(feeSplit(2000).creatorCents);
    expect((await refund(bought.purchaseId)).statusCode).toBe(409);
  });

  it('on a collection purchase: the report is about the collection', async () => {
    const buyer = freshPerson();
    const collectionId = await createCollection(t, seller.userId, 'Disputed Pack', { priceCents: 2500 });
    const { sessionId } = await openCheckout(t, buyer, CHECKOUT.collection, { collectionId });
    const paymentIntentId = fake.payCheckoutSession(sessionId as string);
    const checkout = await t.db
      .selectFrom('checkout_sessions')
      .select('id')
      .where('provider_session_id', '=', sessionId as string)
      .executeTakeFirstOrThrow();
    await deliver(
      stripeEvent('checkout.session.completed', {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        client_reference_id: checkout.id,
        amount_total: 2500,
        currency: 'usd',
        payment_intent: paymentIntentId,
      }),
    );
    const detail = () =>
      t.app.inject({ method: 'GET', url: `/api/collections/${collectionId}`, headers: authHeader(buyer) });
    expect((await detail()).json().access).toMatchObject({ purchased: true });
    await deliver(
      stripeEvent('charge.dispute.created', {
        id: id('dp_'),
        object: 'dispute',
        payment_intent: paymentIntentId,
        status: 'needs_response',
      }),
    );
    expect((await detail()).json().access).toMatchObject({ purchased: false, canDownload: false });
    const report = await t.db
      .selectFrom('reports')
      .selectAll()
      .where('reporter_id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    expect(report).toMatchObject({ target_type: 'collection', target_id: collectionId, reason: 'other' });
  });
});
