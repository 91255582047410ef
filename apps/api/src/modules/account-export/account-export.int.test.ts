import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import { buy, CHECKOUT, connectSeller, createCollection } from '../../test/payments-test-kit.ts';

describe('GET /api/user/export', () => {
  let t: TestApp;
  let seller: TestPerson;
  let buyer: TestPerson;
  let stranger: TestPerson;

  beforeAll(async () => {
    t = await createTestApp();
    [seller, buyer, stranger] = (await createPeople(t, 'Exporter', 3)) as [
      TestPerson,
      TestPerson,
      TestPerson,
    ];
    await connectSeller(t, seller);
  });
  afterAll(() => t.close());

  const exportOf = (person?: TestPerson) =>
    t.app.inject({ method: 'GET', url: '/api/user/export', headers: authHeader(person) });

  it("gives the signed-in person a file of their own data, and nobody else's", async () => {
    const shelf = await createCollection(t, seller.userId, 'Export Shelf');
    const design = await createDesign(t, seller.userId, {
      slug: 'exported-gear',
      name: 'Exported Gear',
      isPaid: true,
      priceCents: 450,
      stlNames: ['gear.stl'],
      imageNames: ['gear.png'],
    });
    await createDesign(t, stranger.userId, { slug: 'not-mine', name: 'Not Mine' });
    const put = (url: string, person: TestPerson, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: authHeader(person), payload });
    expect((await put(`/api/designs/Exporter0/${design.slug}/like`, buyer, {})).statusCode).toBeLessThan(300);
    expect((await put('/api/follow/follow', buyer, { targetUserId: seller.userId })).statusCode).toBeLessThan(
      300,
    );
    await buy(t, buyer, CHECKOUT.design, { designId: design.id });
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/preferences',
      headers: authHeader(buyer),
      payload: { autoOpen3d: true },
    });

    const sellerFile = await exportOf(seller);
    expect(sellerFile.statusCode).toBe(200);
    expect(sellerFile.headers['content-disposition']).toMatch(
      /^attachment; filename="printmarket-Exporter0-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(sellerFile.headers['cache-control']).toBe('no-store');
    const mine = sellerFile.json();
    expect(mine.profile).toMatchObject({ username: 'Exporter0', email: 'exporter0@example.com' });
    expect(mine.designs.map((d: { name: string }) => d.name)).toEqual(['Exported Gear']);
    expect(mine.designs[0]).toMatchObject({ price: 4.5, likes: 1 });
    expect(mine.designs[0].files.map((f: { name: string }) => f.name).sort()).toEqual([
      'gear.png',
      'gear.stl',
    ]);
    expect(mine.collections.map((c: { name: string }) => c.name)).toEqual(['Export Shelf']);
    expect(mine.followers.map((f: { username: string }) => f.username)).toEqual(['Exporter1']);
    expect(mine.sales).toHaveLength(1);
    expect(mine.sales[0]).toMatchObject({ price: 4.5, refundedAt: null });
    expect(mine.purchases).toEqual([]);
    expect(shelf).toBeTruthy();

    const theirs = (await exportOf(buyer)).json();
    expect(theirs.designs).toEqual([]);
    expect(theirs.likes).toEqual([expect.objectContaining({ design: 'Exported Gear', owner: 'Exporter0' })]);
    expect(theirs.following.map((f: { username: string }) => f.username)).toEqual(['Exporter0']);
    expect(theirs.purchases).toEqual([
      expect.objectContaining({ item: 'Exported Gear', price: 4.5, kind: 'design' }),
    ]);
    expect(theirs.preferences).toMatchObject({ autoOpen3d: true });
    expect(JSON.stringify(theirs)).not.toContain('Not Mine');
  });

  it('answers a visitor with 401', async () => {
    expect((await exportOf()).statusCode).toBe(401);
  });
});
