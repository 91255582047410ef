import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';

describe(`reading collections`, () => {
  let t: TestApp;
  let owner: TestPerson;
  let other: TestPerson;
  const ids: Record<'shelf' | 'secret' | 'club', string> = { shelf: '', secret: '', club: '' };

  beforeAll(async () => {
    t = await createTestApp();
    [owner, other] = (await createPeople(t, 'Curator', 2)) as [TestPerson, TestPerson];
    const insert = async (
      name: string,
      values: {
        visibility?: 'public' | 'private';
        pricing_type?: 'free' | 'oneTime' | 'subscription';
        price_cents?: number;
      },
      createdAt: Date,
    ) =>
      (
        await t.db
          .insertInto('collections')
          .values({ user_id: owner.userId, name, created_at: createdAt, ...values })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.shelf = await insert(
      'Desk Shelf',
      { pricing_type: 'oneTime', price_cents: 1250 },
      new Date('2026-01-01'),
    );
    ids.secret = await insert('Secret Drafts', { visibility: 'private' }, new Date('2026-02-01'));
    ids.club = await insert('Monthly Club', { pricing_type: 'subscription' }, new Date('2026-03-01'));
    await createDesign(t, owner.userId, { slug: 'bracket', name: 'Bracket', collectionId: ids.shelf });
    await createDesign(t, owner.userId, { slug: 'hook', name: 'Hook', collectionId: ids.shelf });
    await createDesign(t, owner.userId, { slug: 'draft', name: 'Draft', collectionId: ids.secret });
    await createDesign(t, owner.userId, { slug: 'loose', name: 'Loose' });
  });
  afterAll(() => t.close());

  const get = (url: string, person?: TestPerson) =>
    t.app.inject({ method: 'GET', url, headers: authHeader(person) });

  it('lists the signed-in person’s collections, private ones too, with their designs and pricing', async () => {
    const res = await get('/api/collections/my-collections', owner);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((c: { name: string }) => c.name)).toEqual([
      'Monthly Club',
      'Secret Drafts',
      'Desk Shelf',
    ]);
    const shelf = list[2];
    expect(shelf).toMatchObject({
      _id: ids.shelf,
      visibility: 'public',
      coverImageUrl: null,
      user: { _id: owner.userId, username: owner.username },
      allowIndividualPurchase: true,
      pricing: { free: false, subscription: false, oneTimePurchase: 12.5 },
    });
    expect(shelf.designs.map((d: { name: string }) => d.name).sort()).toEqual(['Bracket', 'Hook']);
    expect(list[0].pricing).toEqual({
      free: false,
      subscription: true,
      oneTimePurchase: 0,
      subscriptionPrice: 0,
    });
    expect(list[0].designs).toEqual([]);
  });

  it('needs sign-in for my-collections', async () => {
    expect((await get('/api/collections/my-collections')).statusCode).toBe(401);
  });

  it('shows others only public collections; the owner sees private ones on their own list too', async () => {
    for (const viewer of [undefined, other]) {
      const res = await get(`/api/collections/user/${owner.username.toUpperCase()}`, viewer);
      expect(res.statusCode).toBe(200);
      const names = res.json().map((c: { name: string }) => c.name);
      expect(names).toEqual(['Monthly Club', 'Desk Shelf']);
      expect(JSON.stringify(res.json())).not.toContain('Draft');
    }
    const own = await get(`/api/collections/user/${owner.username}`, owner);
    expect(own.json().map((c: { name: string }) => c.name)).toContain('Secret Drafts');
  });

  it('answers an unknown person with 404 and someone without collections with an empty list', async () => {
    expect((await get('/api/collections/user/nobody-here')).statusCode).toBe(404);
    const empty = await get(`/api/collections/user/${other.username}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
  });
});
