import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  authHeader,
  createDesign,
  createPeople,
  type TestDesign,
  type TestPerson,
} from '../../test/design-fixtures.ts';

describe(`design page`, () => {
  let t: TestApp;
  let owner: TestPerson;
  let other: TestPerson;
  let design: TestDesign;
  let collectionId: string;
  beforeAll(async () => {
    t = await createTestApp();
    [owner, other] = (await createPeople(t, 'Maker', 2)) as [TestPerson, TestPerson];
    const collection = await t.db
      .insertInto('collections')
      .values({ user_id: owner.userId, name: 'Desk Set' })
      .returning('id')
      .executeTakeFirstOrThrow();
    collectionId = collection.id;
    design = await createDesign(t, owner.userId, {
      slug: 'gear-box',
      name: 'Gear Box',
      stlNames: ['gear.stl', 'lid.stl'],
      imageNames: ['front.png', 'side.jpg'],
      collectionId,
      createdAt: new Date('2026-01-02T00:00:00Z'),
    });
    await createDesign(t, other.userId, { slug: 'gear-box', createdAt: new Date('2026-01-03T00:00:00Z') });
    await createDesign(t, owner.userId, {
      slug: 'paid-thing',
      isPaid: true,
      priceCents: 1250,
      createdAt: new Date('2026-01-04T00:00:00Z'),
    });
  });
  afterAll(() => t.close());

  const get = (url: string, person?: TestPerson) =>
    t.app.inject({ method: 'GET', url, headers: authHeader(person) });

  it('shows a design with its owner, collection, files and the viewer’s permissions', async () => {
    const res = await get('/api/designs/maker0/gear-box');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      _id: design.id,
      id: design.id,
      slug: 'gear-box',
      name: 'Gear Box',
      description: 'A test design.',
      category: 'Tools',
      tags: ['test', 'print'],
      settings: '0.2 mm layers',
      manufacturingInstructions: 'Print flat.',
      usages: 'Desk',
      isPaid: false,
      price: 0,
      createdAt: '2026-01-02T00:00:00.000Z',
      views: 0,
      likesCount: 0,
      hasLiked: false,
      downloads: 0,
      user: { _id: owner.userId, username: 'Maker0', profilePicture: null },
      collectionId,
      collection: { _id: collectionId, id: collectionId, name: 'Desk Set' },
      canDownload: false,
      canViewModel: true,
      canEdit: false,
    });
    expect(typeof body.updatedAt).toBe('string');
    expect(body.files.map((f: { name: string; type: string }) => [f.type, f.name])).toEqual([
      ['stl', 'gear.stl'],
      ['stl', 'lid.stl'],
      ['image', 'front.png'],
      ['image', 'side.jpg'],
    ]);
    const [stl, , image] = body.files;
    expect(stl).toMatchObject({
      _id: design.stl[0]?.id,
      url: `/api/designs/download/${design.stl[0]?.id}`,
      sizeBytes: design.stl[0]?.bytes.length,
      analysis: { format: 'binary', sizeMm: expect.any(Array), closed: true },
      previewUrl: expect.stringMatching(/^\/uploads\/images\/.+-preview\.webp$/),
      previewCardUrl: null,
    });
    expect(image.url).toMatch(/^\/uploads\/images\/.+-gallery\.webp$/);
    expect(image.cardUrl).toMatch(/^\/uploads\/images\/.+-card\.webp$/);
    // Stored as before the medium size existed: none until the backfill makes it.
    expect(image.mediumUrl).toBeNull();
    expect(image).not.toHaveProperty('analysis');
  });

  it('tells signed-in people and the owner what they may do', async () => {
    expect((await get('/api/designs/Maker0/gear-box', other)).json()).toMatchObject({
      canDownload: true,
      canEdit: false,
    });
    expect((await get('/api/designs/Maker0/gear-box', owner)).json()).toMatchObject({
      canDownload: true,
      canEdit: true,
    });
    const paid = (await get('/api/designs/maker0/paid-thing', other)).json();
    expect(paid).toMatchObject({ isPaid: true, price: 12.5, canDownload: false, canViewModel: false });
  });

  it('matches the owner’s name in any case and answers unknown designs with the product’s text', async () => {
    expect((await get('/api/designs/MAKER0/gear-box')).json().id).toBe(design.id);
    for (const url of [
      '/api/designs/maker0/nope',
      '/api/designs/nobody/gear-box',
      '/api/designs/by-id/nope',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Design not found', code: 'DESIGN_NOT_FOUND' });
    }
    expect((await get('/api/designs/by-id/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('finds a design by id and the newest design of a slug for /design/{slug}', async () => {
    expect((await get(`/api/designs/by-id/${design.id}`)).json().slug).toBe('gear-box');
    expect((await get('/api/designs/by-slug/gear-box')).json()).toEqual({
      username: 'Maker1',
      slug: 'gear-box',
    });
    expect((await get('/api/designs/by-slug/unknown')).statusCode).toBe(404);
  });

  it('lists a person’s designs as cards, newest first, and the viewer’s own designs', async () => {
    const cards = (await get('/api/designs/username/maker0')).json();
    expect(cards.map((c: { slug: string }) => c.slug)).toEqual(['paid-thing', 'gear-box']);
    expect(cards[1].files.map((f: { name: string }) => f.name)).toEqual(['front.png', 'side.jpg']);
    expect((await get('/api/designs/username/ghost')).statusCode).toBe(404);
    for (const url of ['/api/designs/my-designs', '/api/files/my-designs']) {
      expect((await get(url)).statusCode).toBe(401);
      const mine = (await get(url, other)).json();
      expect(mine.map((c: { user: { username: string } }) => c.user.username)).toEqual(['Maker1']);
    }
  });

  it('hides a private collection from everyone but its owner', async () => {
    await t.db
      .updateTable('collections')
      .set({ visibility: 'private' })
      .where('id', '=', collectionId)
      .execute();
    expect((await get('/api/designs/maker0/gear-box', other)).json()).toMatchObject({
      collection: null,
      collectionId: null,
    });
    expect((await get('/api/designs/maker0/gear-box', owner)).json().collection.name).toBe('Desk Set');
    await t.db
      .updateTable('collections')
      .set({ visibility: 'public' })
      .where('id', '=', collectionId)
      .execute();
  });
});
