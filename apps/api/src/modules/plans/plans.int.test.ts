import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { authHeader, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import { createCollection } from '../../test/payments-test-kit.ts';

let t: TestApp;
let seller: TestPerson;
let rival: TestPerson;
let mine: string;
let theirs: string;

beforeAll(async () => {
  t = await createTestApp();
  [seller, rival] = (await createPeople(t, 'plans', 2)) as [TestPerson, TestPerson];
  mine = await createCollection(t, seller.userId, 'My Minis', { pricingType: 'subscription' });
  theirs = await createCollection(t, rival.userId, 'Their Minis', { pricingType: 'subscription' });
});
afterAll(() => t.close());

const post = (person: TestPerson | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/subscription-plans', headers: authHeader(person), payload });

const valid = (overrides: object = {}) => ({
  name: 'Maker Plan',
  collections: [mine],
  monthlyPrice: 4.99,
  annualPrice: '49.99',
  unlimitedDownloads: false,
  downloadsPerMonth: 10,
  ...overrides,
});

describe('subscription plans', () => {
  it("reports every problem at once with the product's messages, joined with spaces", async () => {
    const res = await post(seller, { name: ' ', collections: [], monthlyPrice: 0, annualPrice: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Give your plan a name. Add at least one collection. Enter a valid monthly price. Enter a valid annual price. Specify the download limit.',
    );
    expect((await post(seller, valid({ downloadsPerMonth: 0 }))).json().message).toBe(
      'Specify the download limit.',
    );
    expect((await post(undefined, valid())).statusCode).toBe(401);
  });

  it("refuses other sellers' collections", async () => {
    const res = await post(seller, valid({ collections: [mine, theirs] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Plans may only include your own collections.');
  });

  it('creates, reads, edits and deletes a plan in integer cents', async () => {
    const created = await post(seller, valid());
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({
      name: 'Maker Plan',
      monthlyPrice: 4.99,
      annualPrice: 49.99,
      unlimitedDownloads: false,
      downloadsPerMonth: 10,
      collections: [{ _id: mine, name: 'My Minis' }],
    });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription-plans/${plan.id}`,
      headers: authHeader(seller),
      payload: valid({ name: 'Pro', unlimitedDownloads: true, downloadsPerMonth: null }),
    });
    expect(edited.json()).toMatchObject({ name: 'Pro', unlimitedDownloads: true, downloadsPerMonth: null });
    // Another seller can neither change nor delete it.
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription-plans/${plan.id}`,
      headers: authHeader(rival),
      payload: valid({ collections: [theirs] }),
    });
    expect(foreign.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/subscription-plans',
      headers: authHeader(seller),
    });
    expect(list.json().map((p: { id: string }) => p.id)).toEqual([plan.id]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/subscription-plans/${plan.id}`,
      headers: authHeader(seller),
    });
    expect(gone.json()).toEqual({ success: true });
  });

  it('holds the limit of 4 plans per seller, even under concurrent creates', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(seller, valid({ name: `Plan ${i}` }))),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(4);
    expect(refused[0]?.json().message).toBe('Plan limit reached (4)');
    const count = await t.db
      .selectFrom('subscription_plans')
      .select(t.db.fn.countAll<number>().as('n'))
      .where('seller_id', '=', seller.userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });

  it("lists a collection's plans for anyone who may see the collection", async () => {
    const hidden = await createCollection(t, seller.userId, 'Hidden', { visibility: 'private' });
    const visitor = await t.app.inject({
      method: 'GET',
      url: `/api/subscription-plans/for-collection/${mine}`,
    });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().length).toBeGreaterThan(0);
    const privateOne = await t.app.inject({
      method: 'GET',
      url: `/api/subscription-plans/for-collection/${hidden}`,
    });
    expect(privateOne.statusCode).toBe(404);
  });
});
