import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import {
  buy,
  CHECKOUT,
  connectSeller,
  createCollection,
  createPlan,
  openCheckout,
  subscribe,
} from '../../test/payments-test-kit.ts';
import { Fulfilment } from '../fulfilment/fulfilment-repo.ts';
import { SandboxPayments } from '../payments/sandbox-adapter.ts';

/**
 * Collections people paid for: deleting is refused while anyone holds one; archiving takes it out
 * of listings and sales while every holder keeps what they paid for.
 */
describe(`archiving instead of deleting`, () => {
  let t: TestApp;
  let seller: TestPerson;
  let buyers: TestPerson[];
  let viaPlan: TestPerson;
  let direct: TestPerson;
  let outsider: TestPerson;
  let held: string;
  let other: string;
  let planId: string;
  let narrowPlanId: string;
  let paidDesign: string;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as?: TestPerson, payload?: object) =>
    t.app.inject({ method, url, headers: authHeader(as), payload });

  beforeAll(async () => {
    t = await createTestApp();
    [seller, viaPlan, direct, outsider, ...buyers] = (await createPeople(t, 'Arch', 7)) as TestPerson[] &
      [TestPerson, TestPerson, TestPerson, TestPerson];
    await connectSeller(t, seller);
    held = await createCollection(t, seller.userId, 'Held Shelf', {
      pricingType: 'oneTime',
      priceCents: 2000,
    });
    other = await createCollection(t, seller.userId, 'Other Shelf', { pricingType: 'subscription' });
    const design = await createDesign(t, seller.userId, {
      slug: 'held-part',
      name: 'Held Part',
      isPaid: true,
    });
    paidDesign = design.id;
    await t.db.updateTable('designs').set({ collection_id: held }).where('id', '=', design.id).execute();
    planId = await createPlan(t, seller, [held, other], { name: 'Both Shelves' });
    narrowPlanId = await createPlan(t, seller, [held], { name: 'Only Held' });
    for (const buyer of buyers) await buy(t, buyer, CHECKOUT.collection, { collectionId: held });
    // One subscriber covers it through a plan taken out on another collection, one directly.
    await subscribe(t, viaPlan, other, planId);
    await subscribe(t, direct, held, narrowPlanId);
  });
  afterAll(() => t.close());

  it('refuses to delete a collection people hold, naming how many', async () => {
    const res = await call('DELETE', `/api/collections/${held}`, seller);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message:
        "This collection can't be deleted: 3 buyers and 2 active subscribers hold it. Archive it instead.",
      code: 'COLLECTION_HELD',
    });
    expect((await call('GET', `/api/collections/${held}`, outsider)).statusCode).toBe(200);
    // An ended subscription holds nothing; a canceled one running out still does.
    await t.db
      .updateTable('subscriptions')
      .set({ status: 'ended' })
      .where('subscriber_id', '=', direct.userId)
      .execute();
    expect((await call('DELETE', `/api/collections/${held}`, seller)).json().message).toBe(
      "This collection can't be deleted: 3 buyers and 1 active subscriber hold it. Archive it instead.",
    );
    await t.db
      .updateTable('subscriptions')
      .set({ status: 'canceled' })
      .where('subscriber_id', '=', direct.userId)
      .execute();
    expect((await call('DELETE', `/api/collections/${held}`, seller)).json().message).toContain(
      '3 buyers and 2 active subscribers',
    );
    // Nobody holds a fresh collection: it deletes.
    const empty = await createCollection(t, seller.userId, 'Nobody Holds');
    expect((await call('DELETE', `/api/collections/${empty}`, seller)).statusCode).toBe(200);
  });

  it('lets only the owner archive', async () => {
    expect((await call('POST', `/api/collections/${held}/archive`)).statusCode).toBe(401);
    expect((await call('POST', `/api/collections/${held}/archive`, outsider)).statusCode).toBe(403);
    expect((await call('GET', `/api/collections/${held}`, outsider)).json().archived).toBe(false);
  });

  describe('once archived', () => {
    beforeAll(async () => {
      const res = await call('POST', `/api/collections/${held}/archive`, seller);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: held, archived: true });
    });

    it('is gone from listings and search for everyone but its owner', async () => {
      for (const viewer of [undefined, outsider, buyers[0]]) {
        const list = await call('GET', `/api/collections/user/${seller.username}`, viewer);
        expect(list.statusCode).toBe(200);
        expect(list.body).not.toContain('Held Shelf');
        expect(list.body).toContain('Other Shelf');
        const search = await call('GET', '/api/designs/search?query=Held%20Part', viewer);
        expect(search.statusCode).toBe(200);
        expect(search.body).not.toContain(held);
        expect(search.body).not.toContain('Held Shelf');
      }
      const page = await call('GET', `/api/designs/by-id/${paidDesign}`, outsider);
      expect(page.json().collectionId).toBeNull();
      expect(page.body).not.toContain('Held Shelf');
      const plans = (await call('GET', `/api/subscription-plans/for-collection/${other}`, outsider)).json();
      expect(
        plans.find((p: { id: string }) => p.id === planId).collections.map((c: { _id: string }) => c._id),
      ).toEqual([other]);
      const mine = (await call('GET', '/api/collections/my-collections', seller)).json();
      expect(mine.find((c: { id: string }) => c.id === held)).toMatchObject({ archived: true });
    });

    it('answers 404 to others, as a private collection does', async () => {
      for (const viewer of [undefined, outsider]) {
        expect((await call('GET', `/api/collections/${held}`, viewer)).statusCode).toBe(404);
        expect((await call('GET', `/api/collections/${held}/download-all`, viewer)).statusCode).toBe(404);
      }
    });

    it('keeps its page and downloads for the owner, the buyers and the subscribers', async () => {
      for (const holder of [seller, ...buyers, viaPlan, direct]) {
        const page = await call('GET', `/api/collections/${held}`, holder);
        expect(page.statusCode, holder.username).toBe(200);
        expect(page.json()).toMatchObject({
          archived: true,
          access: { canDownload: true, canPurchase: false },
        });
        expect((await call('GET', `/api/collections/${held}/download-all`, holder)).statusCode).toBe(200);
        expect((await call('GET', `/api/designs/download-all/${paidDesign}`, holder)).statusCode).toBe(200);
      }
    });

    it('stops new sales of the collection and of plans covering only it, not of its designs', async () => {
      const once = await openCheckout(t, outsider, CHECKOUT.collection, { collectionId: held });
      expect(once.res.statusCode).toBe(400);
      expect(once.res.json().message).toBe('This item is not for sale.');
      const narrow = await openCheckout(t, outsider, CHECKOUT.subscription, {
        collectionId: held,
        planId: narrowPlanId,
        planType: 'monthly',
      });
      expect(narrow.res.statusCode).toBe(400);
      const wide = await openCheckout(t, outsider, CHECKOUT.subscription, {
        collectionId: other,
        planId,
        planType: 'monthly',
      });
      expect(wide.res.statusCode, wide.res.body).toBe(200);
      const design = await openCheckout(t, outsider, CHECKOUT.design, { designId: paidDesign });
      expect(design.res.statusCode, design.res.body).toBe(200);
    });

    it('is still refused deletion: buyers keep it for good', async () => {
      expect((await call('DELETE', `/api/collections/${held}`, seller)).statusCode).toBe(409);
    });

    it("drops it from a plan's subscriber at their next renewal, not before", async () => {
      const subscription = await t.db
        .selectFrom('subscriptions')
        .select(['provider_subscription_id', 'end_date'])
        .where('subscriber_id', '=', viaPlan.userId)
        .executeTakeFirstOrThrow();
      expect((await call('GET', `/api/collections/${held}`, viaPlan)).statusCode).toBe(200);
      // Mails are not this test's concern: the renewal's receipt is not queued anywhere.
      const noMail = { queue: async () => {}, wake() {} };
      const fulfilment = new Fulfilment(t.db, new SandboxPayments(), noMail, { warn() {}, error() {} });
      const renewed = await fulfilment.apply({
        kind: 'invoice-paid',
        eventId: 'evt_archive_renewal',
        type: 'invoice.paid',
        at: new Date(),
        invoiceId: 'in_archive_renewal',
        providerSubscriptionId: subscription.provider_subscription_id,
        checkoutSessionId: null,
        amountPaid: 500,
        currency: 'usd',
        periodEnd: new Date(subscription.end_date.getTime() + 30 * 86_400_000),
      });
      expect(renewed).toBe('applied');
      // The renewed period no longer includes it; the plan's other collection stays.
      expect((await call('GET', `/api/collections/${held}`, viaPlan)).statusCode).toBe(404);
      expect((await call('GET', `/api/collections/${held}/download-all`, viaPlan)).statusCode).toBe(404);
      expect((await call('GET', `/api/designs/download-all/${paidDesign}`, viaPlan)).statusCode).toBe(403);
      const stays = await call('GET', `/api/collections/${other}`, viaPlan);
      expect(stays.json().access).toMatchObject({ canDownload: true, subscription: { status: 'active' } });
      // The other subscriber's period has not renewed: still theirs; buyers' for good.
      expect((await call('GET', `/api/collections/${held}`, direct)).statusCode).toBe(200);
      expect((await call('GET', `/api/collections/${held}`, buyers[0])).statusCode).toBe(200);
    });

    it('comes back into listings and sales when unarchived', async () => {
      expect((await call('POST', `/api/collections/${held}/unarchive`, outsider)).statusCode).toBe(404);
      const res = await call('POST', `/api/collections/${held}/unarchive`, seller);
      expect(res.json()).toMatchObject({ archived: false });
      expect((await call('GET', `/api/collections/user/${seller.username}`, outsider)).body).toContain(
        'Held Shelf',
      );
      expect((await call('GET', `/api/collections/${held}`, outsider)).json().access.canPurchase).toBe(true);
    });
  });
});
