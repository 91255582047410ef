import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  authHeader,
  createDesign,
  createPeople,
  type TestDesign,
  type TestPerson,
} from '../../test/design-fixtures.ts';

describe(`editing a design`, () => {
  let t: TestApp;
  let owner: TestPerson;
  let stranger: TestPerson;
  let design: TestDesign;
  let ownCollection: string;
  let strangersCollection: string;
  beforeAll(async () => {
    t = await createTestApp();
    [owner, stranger] = (await createPeople(t, 'Editor', 2)) as [TestPerson, TestPerson];
    design = await createDesign(t, owner.userId, { slug: 'lamp', name: 'Lamp' });
    const collections = await t.db
      .insertInto('collections')
      .values([
        { user_id: owner.userId, name: 'Lights' },
        { user_id: stranger.userId, name: 'Not yours' },
      ])
      .returning('id')
      .execute();
    ownCollection = collections[0]?.id as string;
    strangersCollection = collections[1]?.id as string;
  });
  afterAll(() => t.close());

  const edit = (payload: unknown, person?: TestPerson, id = design.id) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/edit/${id}`,
      headers: authHeader(person),
      payload: payload as object,
    });
  const valid = { name: 'Desk Lamp', description: 'Bright.', isPaid: true, price: 4.99, collectionId: null };

  it('lets only the owner read and change the design', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: `/api/edit/${design.id}` });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('You must be logged in to edit a design.');
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/edit/${design.id}`,
      headers: authHeader(stranger),
    });
    expect(other.statusCode).toBe(403);
    expect((await edit(valid, stranger)).statusCode).toBe(403);
    expect((await edit(valid)).statusCode).toBe(401);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/edit/${design.id}`,
      headers: authHeader(owner),
    });
    expect(mine.json()).toMatchObject({ id: design.id, name: 'Lamp', canEdit: true });
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const res = await edit(valid, owner, id);
      expect(res.statusCode, id).toBe(404);
    }
    const row = await t.db
      .selectFrom('designs')
      .select('name')
      .where('id', '=', design.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Lamp');
  });

  it('saves the fields, keeps the slug and answers with the updated design', async () => {
    const res = await edit({ ...valid, collectionId: ownCollection }, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      slug: 'lamp',
      name: 'Desk Lamp',
      description: 'Bright.',
      isPaid: true,
      price: 4.99,
      collection: { _id: ownCollection, name: 'Lights' },
    });
    const row = await t.db
      .selectFrom('designs')
      .select(['price_cents', 'slug'])
      .where('id', '=', design.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ price_cents: 499, slug: 'lamp' });
  });

  it('refuses a missing or non-positive price on a paid design with the product’s text', async () => {
    for (const price of [0, -1, 'abc', '', null, 1.234, 1e9]) {
      const res = await edit({ ...valid, price }, owner);
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json().message).toBe('Invalid price.');
    }
    expect((await edit({ name: 'Desk Lamp', isPaid: true }, owner)).json().message).toBe('Invalid price.');
    expect((await edit({ ...valid, price: '7.50' }, owner)).json().price).toBe(7.5);
  });

  it('sets the price of a free design to 0 whatever was sent', async () => {
    const res = await edit({ ...valid, isPaid: false, price: 12 }, owner);
    expect(res.json()).toMatchObject({ isPaid: false, price: 0 });
  });

  it('requires a name and accepts only the owner’s own collections', async () => {
    for (const name of [undefined, '', '   ']) {
      const res = await edit({ ...valid, name }, owner);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Model name is required.');
    }
    expect((await edit({ ...valid, collectionId: 'x' }, owner)).statusCode).toBe(400);
    const theirs = await edit({ ...valid, collectionId: strangersCollection }, owner);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Collection not found.');
    const cleared = await edit({ ...valid, collectionId: '' }, owner);
    expect(cleared.json().collection).toBeNull();
  });
});
