import { OPERATORS_ONLY } from '@printmarket/shared/admin';
import { feeSplit } from '@printmarket/shared/money';
import type { PurchasesResponse } from '@printmarket/shared/payments';
import { sql } from 'kysely';
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
import type { PurchasePayment } from '../payments/payments-port.ts';
import { SandboxPayments } from '../payments/sandbox-adapter.ts';
import { REFUND_MSG } from './refunds-service.ts';

/**
 * Operators' refunds in test mode, through the real routes: the sandbox's refund is reported to the
 * webhook as Stripe reports one (`charge.refunded`), and recorded from there or from the call,
 * whichever comes first, once.
 */

let t: TestApp;
let sandbox: SandboxPayments;
/** Every refund the provider was asked for, in order. */
const providerRefunds: PurchasePayment[] = [];
/** Set to make the provider's next refund fail (before anything is reported). */
let failNextRefund = false;
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
const paidDesign = (priceCents = 2000, collectionId: string | null = null) =>
  createDesign(t, seller.userId, { slug: `refund-${++slugs}`, isPaid: true, priceCents, collectionId });

beforeAll(async () => {
  sandbox = new SandboxPayments();
  const refundPayment = sandbox.refundPayment.bind(sandbox);
  sandbox.refundPayment = async (payment) => {
    providerRefunds.push(payment);
    if (failNextRefund) {
      failNextRefund = false;
      throw new Error('the provider is down');
    }
    return refundPayment(payment);
  };
  // People made by createPeople have confirmed addresses: ops0 is an operator.
  t = await createTestApp({ ADMIN_EMAILS: 'ops0@example.com' }, { payments: sandbox });
  [operator] = (await createPeople(t, 'ops', 1)) as [TestPerson];
  [seller, ...people] = (await createPeople(t, 'refunder', 30)) as [TestPerson, ...TestPerson[]];
  await connectSeller(t, seller);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, who?: TestPerson, payload?: object) =>
  t.app.inject({ method, url, headers: authHeader(who), ...(payload ? { payload } : {}) });
const refund = (purchaseId: string, who: TestPerson | undefined = operator, reason = 'Never delivered') =>
  call('POST', `/api/admin/purchases/${purchaseId}/refund`, who, { reason });
const refundBuyers = (designId: string, who: TestPerson | undefined = operator, reason = 'Stolen design') =>
  call('POST', `/api/admin/designs/${designId}/refund-buyers`, who, { reason });
const search = async (q: string) => {
  const res = await call('GET', `/api/admin/purchases?q=${encodeURIComponent(q)}`, operator);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { purchases: { id: string }[] }).purchases;
};

/** Buys and answers our purchase's id. */
async function purchase(buyer: TestPerson, url: string, payload: object): Promise<string> {
  const sessionId = await buy(t, buyer, url, payload);
  const row = await t.db
    .selectFrom('purchases')
    .innerJoin('checkout_sessions', 'checkout_sessions.id', 'purchases.checkout_session_id')
    .select('purchases.id')
    .where('checkout_sessions.provider_session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return row.id;
}
const buyDesign = (buyer: TestPerson, designId: string) => purchase(buyer, CHECKOUT.design, { designId });

/** The seller's earnings as the dashboard shows them, in cents. */
async function earningsCents(person: TestPerson): Promise<number> {
  const res = await call('GET', '/api/payments/payouts/seller-data', person);
  expect(res.statusCode).toBe(200);
  return Math.round((res.json() as { totalEarnings: number }).totalEarnings * 100);
}

async function designPageCanDownload(person: TestPerson, slug: string): Promise<boolean> {
  const res = await call('GET', `/api/designs/${seller.username}/${slug}`, person);
  expect(res.statusCode).toBe(200);
  return (res.json() as { canDownload: boolean }).canDownload;
}

async function auditOf(purchaseId: string) {
  const res = await call('GET', `/api/admin/audit?targetType=purchase&targetId=${purchaseId}`, operator);
  return (res.json() as { entries: { action: string; reason: string; actor: { id: string } }[] }).entries;
}

describe('finding a purchase', () => {
  it('by order number (or its start, or the whole id), by buyer and by seller, any case, newest first', async () => {
    const buyer = freshPerson();
    const first = await paidDesign(1200);
    const second = await paidDesign(800);
    const older = await buyDesign(buyer, first.id);
    const newer = await buyDesign(buyer, second.id);

    const byOrder = await search(older.slice(0, 9));
    expect(byOrder.map((p) => p.id)).toEqual([older]);
    expect(byOrder[0]).toEqual({
      id: older,
      orderNumber: older.slice(0, 9),
      createdAt: expect.any(String),
      kind: 'design',
      itemName: first.name,
      priceCents: 1200,
      currency: 'usd',
      buyer: { id: buyer.userId, username: buyer.username },
      seller: { id: seller.userId, username: seller.username },
      refund: null,
      dispute: null,
    });
    expect((await search(older.toUpperCase())).map((p) => p.id)).toEqual([older]);
    expect((await search(older.slice(0, 6))).map((p) => p.id)).toContain(older);

    expect((await search(buyer.username.toUpperCase())).map((p) => p.id)).toEqual([newer, older]);
    expect((await search(`${buyer.username}@EXAMPLE.com`)).map((p) => p.id)).toEqual([newer, older]);
    const bySeller = (await search(seller.username)).map((p) => p.id);
    expect(bySeller).toEqual(expect.arrayContaining([newer, older]));
    expect(bySeller.indexOf(newer)).toBeLessThan(bySeller.indexOf(older));
    // LIKE's wildcards are taken as they are written.
    expect(await search('%%')).toEqual([]);
    expect(await search('nobody-like-this')).toEqual([]);

    const short = await call('GET', '/api/admin/purchases?q=a', operator);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Type at least 2 characters.');
    expect((await call('GET', '/api/admin/purchases', operator)).statusCode).toBe(400);
  });
});

describe('refunding a purchase', () => {
  it('takes the design away, lowers the seller’s earnings by its share, records it, and is done once', async () => {
    const buyer = freshPerson();
    const design = await paidDesign(2000);
    const purchaseId = await buyDesign(buyer, design.id);
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);
    expect(await designPageCanDownload(buyer, design.slug)).toBe(true);
    const earningsBefore = await earningsCents(seller);
    const asked = providerRefunds.length;

    const res = await refund(purchaseId, operator, 'The files are broken.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().purchase).toMatchObject({
      id: purchaseId,
      refund: { at: expect.any(String), reason: 'The files are broken.' },
      dispute: null,
    });
    expect(providerRefunds.length - asked).toBe(1);
    expect(providerRefunds.at(-1)).toMatchObject({
      purchaseId,
      paymentIntentId: expect.stringMatching(/^pi_/),
    });

    expect(await canDownloadDesign(t, buyer, design.id)).toBe(403);
    expect(await designPageCanDownload(buyer, design.slug)).toBe(false);
    // The buyer's purchases list it as refunded, no longer as a purchase.
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/purchases/my', headers: authHeader(buyer) })
    ).json() as PurchasesResponse;
    expect(mine.designPurchases.map((p) => p._id)).not.toContain(purchaseId);
    expect(mine.refunds).toContainEqual(
      expect.objectContaining({ _id: purchaseId, reason: 'refunded', amount: 20 }),
    );
    expect(earningsBefore - (await earningsCents(seller))).toBe(feeSplit(2000).creatorCents);
    expect(await auditOf(purchaseId)).toEqual([
      expect.objectContaining({
        action: 'purchase.refund',
        reason: 'The files are broken.',
        actor: expect.objectContaining({ id: operator.userId }),
      }),
    ]);
    // Searching shows it refunded.
    expect((await search(purchaseId.slice(0, 9)))[0]).toMatchObject({
      refund: { reason: 'The files are broken.' },
    });

    const again = await refund(purchaseId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REFUND_MSG.alreadyRefunded, code: 'ALREADY_REFUNDED' });
    expect(providerRefunds.length - asked).toBe(1);
    expect(await auditOf(purchaseId)).toHaveLength(1);
    expect(earningsBefore - (await earningsCents(seller))).toBe(feeSplit(2000).creatorCents);

    // Refunded, it is not held: the buyer may buy it again.
    const reopened = await openCheckout(t, buyer, CHECKOUT.design, { designId: design.id });
    expect(reopened.res.statusCode, reopened.res.body).toBe(200);
  });

  it('takes a collection away, with the designs of its purchase snapshot', async () => {
    const buyer = freshPerson();
    const collectionId = await createCollection(t, seller.userId, 'Refunded Pack', { priceCents: 3000 });
    const inside = await paidDesign(900, collectionId);
    const stays = await paidDesign(900, collectionId);
    const purchaseId = await purchase(buyer, CHECKOUT.collection, { collectionId });
    // Taken out of the collection after the purchase: the snapshot still covers it.
    await t.db.updateTable('designs').set({ collection_id: null }).where('id', '=', inside.id).execute();
    expect(await canDownloadDesign(t, buyer, inside.id)).toBe(200);
    expect(await canDownloadDesign(t, buyer, stays.id)).toBe(200);
    const zip = () => call('GET', `/api/collections/${collectionId}/download-all`, buyer);
    expect((await zip()).statusCode).toBe(200);
    const earningsBefore = await earningsCents(seller);

    expect((await refund(purchaseId)).statusCode).toBe(200);
    expect(await canDownloadDesign(t, buyer, inside.id)).toBe(403);
    expect(await canDownloadDesign(t, buyer, stays.id)).toBe(403);
    expect((await zip()).statusCode).toBe(403);
    const snapshot = await call(
      'GET',
      `/api/purchases/my-collection-purchase?collectionId=${collectionId}`,
      buyer,
    );
    expect(snapshot.json()).toEqual({ purchased: false, designIds: [] });
    const detail = await call('GET', `/api/collections/${collectionId}`, buyer);
    expect(detail.json().access).toMatchObject({ canDownload: false, purchased: false });
    expect(earningsBefore - (await earningsCents(seller))).toBe(feeSplit(3000).creatorCents);
  });

  it('refunds exactly once when asked five times at the same moment', async () => {
    const buyer = freshPerson();
    const design = await paidDesign(1500);
    const purchaseId = await buyDesign(buyer, design.id);
    const earningsBefore = await earningsCents(seller);
    const asked = providerRefunds.length;

    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(purchaseId)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(['ALREADY_REFUNDED', 'REFUND_IN_PROGRESS']).toContain(res.json().code);
    expect(providerRefunds.length - asked).toBe(1);
    expect(await auditOf(purchaseId)).toHaveLength(1);
    expect(earningsBefore - (await earningsCents(seller))).toBe(feeSplit(1500).creatorCents);
    const withdrawn = await t.db
      .selectFrom('earnings')
      .innerJoin('purchases', (join) =>
        join.on('earnings.source', '=', sql<string>`'checkout:' || purchases.checkout_session_id`),
      )
      .select('earnings.refunded_at')
      .where('purchases.id', '=', purchaseId)
      .execute();
    expect(withdrawn).toEqual([{ refunded_at: expect.any(Date) }]);
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(403);
  });

  it('keeps what the buyer holds another way: a collection purchase, a live subscription, a free design', async () => {
    const buyer = freshPerson();
    const collectionId = await createCollection(t, seller.userId, 'Also Bought', { priceCents: 2500 });
    const inCollection = await paidDesign(700, collectionId);
    const designPurchase = await buyDesign(buyer, inCollection.id);
    await purchase(buyer, CHECKOUT.collection, { collectionId });
    expect((await refund(designPurchase)).statusCode).toBe(200);
    expect(await canDownloadDesign(t, buyer, inCollection.id)).toBe(200);

    const subscriber = freshPerson();
    const subscribed = await createCollection(t, seller.userId, 'Subscribed', {
      pricingType: 'subscription',
    });
    const covered = await paidDesign(600, subscribed);
    const coveredPurchase = await buyDesign(subscriber, covered.id);
    await subscribe(t, subscriber, subscribed, await createPlan(t, seller, [subscribed]));
    expect((await refund(coveredPurchase)).statusCode).toBe(200);
    expect(await canDownloadDesign(t, subscriber, covered.id)).toBe(200);

    const nowFree = await paidDesign(500);
    const freePurchase = await buyDesign(buyer, nowFree.id);
    await t.db
      .updateTable('designs')
      .set({ is_paid: false, price_cents: 0 })
      .where('id', '=', nowFree.id)
      .execute();
    expect((await refund(freePurchase)).statusCode).toBe(200);
    expect(await canDownloadDesign(t, buyer, nowFree.id)).toBe(200);
  });

  it('answers 404 for unknown purchases, 400 without a reason, and changes nothing', async () => {
    const missing = await refund('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('PURCHASE_NOT_FOUND');
    expect((await refund('not-an-id')).statusCode).toBe(404);
    const buyer = freshPerson();
    const design = await paidDesign(1000);
    const purchaseId = await buyDesign(buyer, design.id);
    const noReason = await call('POST', `/api/admin/purchases/${purchaseId}/refund`, operator, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Give a reason.');
    expect((await refund(purchaseId, operator, '   ')).statusCode).toBe(400);
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);
  });

  it('lets a failed provider call be retried, and finishes a refund whose request died after claiming', async () => {
    const buyer = freshPerson();
    const design = await paidDesign(1000);
    const purchaseId = await buyDesign(buyer, design.id);
    failNextRefund = true;
    const failed = await refund(purchaseId);
    expect(failed.statusCode).toBe(502);
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);
    expect(await auditOf(purchaseId)).toEqual([]);
    // Nothing holds the purchase: asking again refunds it.
    expect((await refund(purchaseId)).statusCode).toBe(200);
    expect(await auditOf(purchaseId)).toHaveLength(1);

    // A request claimed the purchase and died: while its claim runs, others are told it is under
    // way; once it has run out, a new request takes it over and finishes it.
    const other = freshPerson();
    const stuck = await buyDesign(other, design.id);
    const claim = (at: unknown) =>
      t.db
        .updateTable('purchases')
        .set({
          refund_requested_at: sql`${at}`,
          refund_requested_by: operator.userId,
          refund_reason: 'First try',
        })
        .where('id', '=', stuck)
        .execute();
    await claim(sql`now()`);
    const underWay = await refund(stuck);
    expect(underWay.statusCode).toBe(409);
    expect(underWay.json()).toEqual({ message: REFUND_MSG.inProgress, code: 'REFUND_IN_PROGRESS' });
    expect(await canDownloadDesign(t, other, design.id)).toBe(200);
    await claim(sql`now() - interval '10 minutes'`);
    const takenOver = await refund(stuck, operator, 'Second try');
    expect(takenOver.statusCode).toBe(200);
    expect(takenOver.json().purchase.refund.reason).toBe('Second try');
    expect(await canDownloadDesign(t, other, design.id)).toBe(403);
  });
});

describe('refunding every buyer of a design', () => {
  it('refunds each purchase of the design on its own, each recorded, and refunds none the second time', async () => {
    const design = await paidDesign(1000);
    const buyers = [freshPerson(), freshPerson(), freshPerson()];
    const purchaseIds = [];
    for (const buyer of buyers) purchaseIds.push(await buyDesign(buyer, design.id));
    // Bought with its collection: not a purchase of the design on its own, so kept.
    const collectionId = await createCollection(t, seller.userId, 'Whole Set', { priceCents: 4000 });
    await t.db
      .updateTable('designs')
      .set({ collection_id: collectionId })
      .where('id', '=', design.id)
      .execute();
    const collector = freshPerson();
    await purchase(collector, CHECKOUT.collection, { collectionId });
    const earningsBefore = await earningsCents(seller);

    const res = await refundBuyers(design.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ refunded: 3 });
    for (const buyer of buyers) expect(await canDownloadDesign(t, buyer, design.id)).toBe(403);
    expect(await canDownloadDesign(t, collector, design.id)).toBe(200);
    for (const purchaseId of purchaseIds)
      expect(await auditOf(purchaseId)).toEqual([
        expect.objectContaining({ action: 'purchase.refund', reason: 'Stolen design' }),
      ]);
    expect(earningsBefore - (await earningsCents(seller))).toBe(3 * feeSplit(1000).creatorCents);

    expect((await refundBuyers(design.id)).json()).toEqual({ refunded: 0 });
    expect(earningsBefore - (await earningsCents(seller))).toBe(3 * feeSplit(1000).creatorCents);
    expect((await refundBuyers('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await refundBuyers('nope')).statusCode).toBe(404);
  });
});

describe('who may', () => {
  it('answers operators only: 401 to visitors, 403 to members and to the seller of the item', async () => {
    const buyer = freshPerson();
    const member = freshPerson();
    const design = await paidDesign(1100);
    const purchaseId = await buyDesign(buyer, design.id);
    const calls = [
      ['GET', `/api/admin/purchases?q=${purchaseId.slice(0, 9)}`, undefined],
      ['POST', `/api/admin/purchases/${purchaseId}/refund`, { reason: 'Testing roles' }],
      ['POST', `/api/admin/designs/${design.id}/refund-buyers`, { reason: 'Testing roles' }],
    ] as const;
    const roles: [string, TestPerson | undefined, number][] = [
      ['visitor', undefined, 401],
      ['member', member, 403],
      ['buyer', buyer, 403],
      ['seller of the item', seller, 403],
    ];
    let cells = 0;
    const mismatches: string[] = [];
    for (const [role, who, expected] of roles)
      for (const [method, url, payload] of calls) {
        cells++;
        const res = await call(method, url, who, payload);
        if (res.statusCode !== expected) mismatches.push(`${role} ${method} ${url}: ${res.statusCode}`);
        if (expected === 403 && res.json().message !== OPERATORS_ONLY)
          mismatches.push(`${role}: ${res.body}`);
      }
    // Nobody but an operator changed anything.
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(200);
    for (const [method, url, payload] of calls) {
      cells++;
      const res = await call(method, url, operator, payload);
      if (res.statusCode !== 200) mismatches.push(`operator ${method} ${url}: ${res.statusCode} ${res.body}`);
    }
    expect({ cells, mismatches }).toEqual({ cells: 15, mismatches: [] });
    expect(await canDownloadDesign(t, buyer, design.id)).toBe(403);
  });
});
