import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as collectionIntegrity from '../../db/migrations/0008_collection_integrity.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import {
  buy,
  CHECKOUT,
  connectSeller,
  createCollection,
  createPlan,
  subscribe,
} from '../../test/payments-test-kit.ts';

/** My Purchased Files names what was bought as it was called then, whatever became of it. */
describe(`purchase names`, () => {
  let t: TestApp;
  let seller: TestPerson;
  let buyer: TestPerson;

  beforeAll(async () => {
    t = await createTestApp();
    [seller, buyer] = (await createPeople(t, 'Namer', 2)) as [TestPerson, TestPerson];
    await connectSeller(t, seller);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, as: TestPerson, payload?: object) =>
    t.app.inject({ method, url, headers: authHeader(as), payload });
  const mine = async () => (await call('GET', '/api/purchases/my', buyer)).json();

  it('keeps the names from the time of purchase after items are renamed or deleted', async () => {
    const design = await createDesign(t, seller.userId, {
      slug: 'first-name',
      name: 'First Name',
      isPaid: true,
      priceCents: 300,
    });
    const shelf = await createCollection(t, seller.userId, 'Bought Shelf');
    const plannedShelf = await createCollection(t, seller.userId, 'Subscribed Shelf', {
      pricingType: 'subscription',
    });
    const planId = await createPlan(t, seller, [plannedShelf], { name: 'Monthly Shelf' });
    await buy(t, buyer, CHECKOUT.design, { designId: design.id });
    await buy(t, buyer, CHECKOUT.collection, { collectionId: shelf });
    await subscribe(t, buyer, plannedShelf, planId);

    expect((await call('PUT', `/api/edit/${design.id}`, seller, { name: 'Renamed Design' })).statusCode).toBe(
      200,
    );
    expect(
      (await call('PUT', `/api/collections/${shelf}`, seller, { name: 'Renamed Shelf' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/collections/${plannedShelf}`, seller, { name: 'Renamed Plan Shelf' }))
        .statusCode,
    ).toBe(200);
    let purchases = await mine();
    expect(purchases.designPurchases.map((p: { name: string }) => p.name)).toEqual(['First Name']);
    expect(purchases.collectionPurchases.map((p: { name: string }) => p.name)).toEqual(['Bought Shelf']);
    expect(purchases.subscriptions.map((s: { collectionName: string }) => s.collectionName)).toEqual([
      'Subscribed Shelf',
    ]);

    // Gone: the design (removed with its account's data, say) and the collection once nobody holds it.
    await t.db.deleteFrom('designs').where('id', '=', design.id).execute();
    await t.db
      .updateTable('subscriptions')
      .set({ status: 'ended' })
      .where('subscriber_id', '=', buyer.userId)
      .execute();
    expect((await call('DELETE', `/api/collections/${plannedShelf}`, seller)).statusCode).toBe(200);
    purchases = await mine();
    expect(purchases.designPurchases).toMatchObject([{ name: 'First Name', designId: null, path: null }]);
    expect(purchases.subscriptions).toMatchObject([
      { collectionName: 'Subscribed Shelf', collectionId: null },
    ]);
  });

  it("fills existing subscriptions with their collection's current name when the column arrives", async () => {
    const shelf = await createCollection(t, seller.userId, 'Before Migration', {
      pricingType: 'subscription',
    });
    const gone = await createCollection(t, seller.userId, 'Deleted Before', { pricingType: 'subscription' });
    const planId = await createPlan(t, seller, [shelf, gone], { name: 'Backfill Plan' });
    const [early, late] = (await createPeople(t, 'Early', 2)) as [TestPerson, TestPerson];
    const kept = await subscribe(t, early, shelf, planId);
    const lost = await subscribe(t, late, gone, planId);
    // The migration's own steps, on this database: as written for any schema.
    const untyped = t.db as unknown as Kysely<unknown>;
    await collectionIntegrity.down(untyped);
    await t.db.updateTable('collections').set({ name: 'Current Name' }).where('id', '=', shelf).execute();
    await t.db.deleteFrom('collections').where('id', '=', gone).execute();
    await collectionIntegrity.up(untyped);
    const rows = await t.db
      .selectFrom('subscriptions')
      .select(['id', 'collection_name'])
      .where('id', 'in', [kept, lost])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.collection_name]))).toEqual({
      [kept]: 'Current Name',
      [lost]: 'Backfill Plan',
    });
  });
});
