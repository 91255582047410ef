import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import { unzip } from '../../test/unzip.ts';
import { type FormFile, multipart } from '../../test/upload-test-kit.ts';

describe(`collections`, () => {
  let t: TestApp;
  let owner: TestPerson;
  let maker: TestPerson;
  let cover: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, maker] = (await createPeople(t, 'Shelf', 2)) as [TestPerson, TestPerson];
    cover = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#48c' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  const create = (fields: [string, string][], files: FormFile[] = [], as: TestPerson | undefined = owner) => {
    const { payload, headers } = multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/collections/create',
      payload,
      headers: { ...headers, ...authHeader(as) },
    });
  };
  const coverFile = (): FormFile => ({ field: 'coverImage', name: 'cover.png', data: cover });
  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'PATCH', url: string, as?: TestPerson, payload?: object) =>
    t.app.inject({ method, url, headers: authHeader(as), payload });

  async function newCollection(name: string, extra: [string, string][] = [], designs?: string[]) {
    const ids = designs ?? [(await createDesign(t, owner.userId, { slug: `${name.toLowerCase()}-d` })).id];
    const res = await create(
      [['name', name], ...extra, ...ids.map((id): [string, string] => ['designIds', id])],
      [coverFile()],
    );
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as string, designIds: ids };
  }

  it('creates a collection with a re-encoded cover and its designs, and shows it', async () => {
    const a = await createDesign(t, owner.userId, { slug: 'lamp-a', name: 'Lamp A' });
    const b = await createDesign(t, owner.userId, { slug: 'lamp-b', name: 'Lamp B' });
    const res = await create(
      [
        ['name', '  Lamps  '],
        ['description', 'Every lamp.'],
        ['visibility', 'public'],
        ['pricingType', 'oneTime'],
        ['price', '12.50'],
        ['allowIndividualPurchase', 'true'],
        ['designIds', a.id],
        ['designIds', b.id],
      ],
      [coverFile()],
    );
    expect(res.statusCode, res.body).toBe(201);
    const { _id, message } = res.json();
    expect(message).toBeTruthy();
    const shown = (await call('GET', `/api/collections/${_id}`)).json();
    expect(shown).toMatchObject({
      name: 'Lamps',
      description: 'Every lamp.',
      visibility: 'public',
      user: { _id: owner.userId, username: owner.username },
      allowIndividualPurchase: true,
      pricing: { free: false, subscription: false, oneTimePurchase: 12.5, subscriptionPrice: 0 },
    });
    expect(shown.designs.map((d: { name: string }) => d.name).sort()).toEqual(['Lamp A', 'Lamp B']);
    expect(shown.coverImageUrl).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}-cover\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: shown.coverImageUrl });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 900,
    });
  });

  it('checks the form in the product’s order, with its messages, leaving nothing behind', async () => {
    const design = await createDesign(t, owner.userId, { slug: 'checked' });
    const before = await t.db.selectFrom('collections').select('id').execute();
    const cases: [[string, string][], FormFile[], string][] = [
      [[['name', ' ']], [], 'Collection name is required.'],
      [[['name', 'X']], [], 'A cover image is required.'],
      [[['name', 'X']], [coverFile()], 'Please select at least one design for this collection.'],
      [
        [
          ['name', 'X'],
          ['pricingType', 'oneTime'],
          ['price', '0'],
          ['designIds', design.id],
        ],
        [coverFile()],
        'Please enter a valid one-time price.',
      ],
      [
        [
          ['name', 'X'],
          ['pricingType', 'subscription'],
          ['designIds', design.id],
        ],
        [coverFile()],
        'Please enter a valid subscription price.',
      ],
      [
        [
          ['name', 'X'],
          ['designIds', design.id],
        ],
        [{ field: 'coverImage', name: 'cover.png', data: Buffer.from('MZ not an image') }],
        '',
      ],
    ];
    for (const [fields, files, message] of cases) {
      const res = await create(fields, files);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await t.db.selectFrom('collections').select('id').execute()).toEqual(before);
    const row = await t.db
      .selectFrom('designs')
      .select('collection_id')
      .where('id', '=', design.id)
      .executeTakeFirst();
    expect(row?.collection_id).toBeNull();
  });

  it('refuses someone else’s design and a design already in another collection, rolling back', async () => {
    const theirs = await createDesign(t, maker.userId, { slug: 'theirs' });
    const mine = await createDesign(t, owner.userId, { slug: 'mine-free' });
    const first = await newCollection('First');
    const refusedTheirs = await create(
      [
        ['name', 'Greedy'],
        ['designIds', mine.id],
        ['designIds', theirs.id],
      ],
      [coverFile()],
    );
    expect(refusedTheirs.statusCode).toBe(404);
    const refusedTaken = await create(
      [
        ['name', 'Second'],
        ['designIds', mine.id],
        ['designIds', first.designIds[0]!],
      ],
      [coverFile()],
    );
    expect(refusedTaken.statusCode).toBe(409);
    expect(refusedTaken.json().message).toBe('Already in another collection');
    // Rolled back: the free design is still in no collection.
    const row = await t.db
      .selectFrom('designs')
      .select('collection_id')
      .where('id', '=', mine.id)
      .executeTakeFirst();
    expect(row?.collection_id).toBeNull();
    const names = (await call('GET', '/api/collections/my-collections', owner))
      .json()
      .map((c: { name: string }) => c.name);
    expect(names).not.toContain('Greedy');
    expect(names).not.toContain('Second');
  });

  it('adds and removes designs, with Already Added and Already in another collection', async () => {
    const target = await newCollection('Target');
    const other = await newCollection('Other');
    const loose = await createDesign(t, owner.userId, { slug: 'loose-one' });
    const added = await call('PATCH', `/api/collections/${target.id}/add`, owner, { designId: loose.id });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().designs.map((d: { id: string }) => d.id)).toContain(loose.id);
    const again = await call('PATCH', `/api/collections/${target.id}/add`, owner, { designId: loose.id });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Already Added']);
    const elsewhere = await call('PATCH', `/api/collections/${other.id}/add`, owner, { designId: loose.id });
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([409, 'Already in another collection']);
    const removed = await call('PATCH', `/api/collections/${target.id}/remove`, owner, {
      designId: loose.id,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().designs.map((d: { id: string }) => d.id)).not.toContain(loose.id);
    const bad = await call('PATCH', `/api/collections/${target.id}/add`, owner, { designId: 'nope' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets exactly one of two concurrent adds of one design to two collections succeed', async () => {
    for (let round = 0; round < 5; round++) {
      const left = await newCollection(`Left${round}`);
      const right = await newCollection(`Right${round}`);
      const design = await createDesign(t, owner.userId, { slug: `contested-${round}` });
      const answers = await Promise.all(
        [left, right].map((c) =>
          call('PATCH', `/api/collections/${c.id}/add`, owner, { designId: design.id }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const row = await t.db
        .selectFrom('designs')
        .select('collection_id')
        .where('id', '=', design.id)
        .executeTakeFirstOrThrow();
      const winner = answers[0]!.statusCode === 200 ? left.id : right.id;
      expect(row.collection_id).toBe(winner);
    }
  });

  it('edits by the pricing rules: Free turns the subscription off and the price to 0', async () => {
    const c = await newCollection('Priced', [
      ['pricingType', 'subscription'],
      ['price', '4'],
    ]);
    const partial = await call('PUT', `/api/collections/${c.id}`, owner, { description: 'Now described.' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({
      name: 'Priced',
      description: 'Now described.',
      pricing: { subscription: true, subscriptionPrice: 4 },
    });
    const free = await call('PUT', `/api/collections/${c.id}`, owner, {
      pricingType: 'free',
      price: 9,
      allowIndividualPurchase: true,
    });
    expect(free.json()).toMatchObject({
      pricing: { free: true, subscription: false, oneTimePurchase: 0, subscriptionPrice: 0 },
      allowIndividualPurchase: false,
    });
    const invalid = await call('PUT', `/api/collections/${c.id}`, owner, {
      pricingType: 'oneTime',
      price: -1,
    });
    expect([invalid.statusCode, invalid.json().message]).toEqual([
      400,
      'Please enter a valid one-time price.',
    ]);
    const unnamed = await call('PUT', `/api/collections/${c.id}`, owner, { name: '' });
    expect([unnamed.statusCode, unnamed.json().message]).toEqual([400, 'Collection name is required.']);
  });

  it('replaces the cover, deleting the old file', async () => {
    const c = await newCollection('Recovered');
    const before = (await call('GET', `/api/collections/${c.id}`)).json().coverImageUrl as string;
    const { payload, headers } = multipart([], [coverFile()]);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/collections/${c.id}/update-cover`,
      payload,
      headers: { ...headers, ...authHeader(owner) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().coverImageUrl).not.toBe(before);
    expect(await t.files.stat(before.replace('/uploads/', ''))).toBeNull();
    expect(await t.files.stat(res.json().coverImageUrl.replace('/uploads/', ''))).not.toBeNull();
  });

  it('deletes a collection: its designs stay, in no collection, and its cover goes', async () => {
    const c = await newCollection('Doomed');
    const coverUrl = (await call('GET', `/api/collections/${c.id}`)).json().coverImageUrl as string;
    const res = await call('DELETE', `/api/collections/${c.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/api/collections/${c.id}`, owner)).statusCode).toBe(404);
    const design = await t.db
      .selectFrom('designs')
      .select('collection_id')
      .where('id', '=', c.designIds[0]!)
      .executeTakeFirst();
    expect(design).toEqual({ collection_id: null });
    expect(await t.files.stat(coverUrl.replace('/uploads/', ''))).toBeNull();
  });

  describe('permissions', () => {
    it('answers every changing call by a non-owner with 403 (404 when private), and changes nothing', async () => {
      const pub = await newCollection('Public Shelf');
      const priv = await newCollection('Private Shelf', [['visibility', 'private']]);
      const loose = await createDesign(t, maker.userId, { slug: 'maker-loose' });
      for (const [c, status] of [
        [pub, 403],
        [priv, 404],
      ] as const) {
        const answers = [
          await call('PUT', `/api/collections/${c.id}`, maker, { name: 'Hijacked' }),
          await call('DELETE', `/api/collections/${c.id}`, maker),
          await call('PATCH', `/api/collections/${c.id}/add`, maker, { designId: loose.id }),
          await call('PATCH', `/api/collections/${c.id}/remove`, maker, { designId: c.designIds[0] }),
        ];
        const { payload, headers } = multipart([], [coverFile()]);
        answers.push(
          await t.app.inject({
            method: 'PATCH',
            url: `/api/collections/${c.id}/update-cover`,
            payload,
            headers: { ...headers, ...authHeader(maker) },
          }),
        );
        expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(status));
        // Visitors are asked to sign in.
        expect((await call('DELETE', `/api/collections/${c.id}`)).statusCode).toBe(401);
        const row = await t.db
          .selectFrom('collections')
          .select('name')
          .where('id', '=', c.id)
          .executeTakeFirst();
        expect(row?.name).toBe(c === pub ? 'Public Shelf' : 'Private Shelf');
      }
    });

    it('never shows a private collection to others: by id, in lists, on design pages', async () => {
      const priv = await newCollection('Hidden Gems', [['visibility', 'private']]);
      const design = (await call('GET', `/api/collections/${priv.id}`, owner)).json().designs[0];
      for (const viewer of [undefined, maker]) {
        expect((await call('GET', `/api/collections/${priv.id}`, viewer)).statusCode).toBe(404);
        const list = await call('GET', `/api/collections/user/${owner.username}`, viewer);
        expect(list.body).not.toContain('Hidden Gems');
        const page = await call('GET', `/api/designs/by-id/${design.id}`, viewer);
        expect(page.body).not.toContain('Hidden Gems');
        expect(page.json().collectionId).toBeNull();
        expect((await call('GET', `/api/collections/${priv.id}/download-all`, viewer)).statusCode).toBe(404);
        const search = await call(
          'GET',
          `/api/designs/search?query=${encodeURIComponent(design.name)}`,
          viewer,
        );
        expect(search.statusCode).toBe(200);
        expect(search.body).not.toContain('Hidden Gems');
        expect(search.body).not.toContain(priv.id);
      }
      expect((await call('GET', `/api/collections/${priv.id}`, owner)).statusCode).toBe(200);
    });
  });

  describe('downloads', () => {
    it('streams a free collection to anyone signed in, a folder per design, counting each design', async () => {
      const a = await createDesign(t, owner.userId, { slug: 'kit-a', name: 'Kit Part', isPaid: true });
      const b = await createDesign(t, owner.userId, {
        slug: 'kit-b',
        name: 'Kit Part',
        stlNames: ['base.stl', 'BASE.stl'],
      });
      const c = await newCollection('Free Kit', [], [a.id, b.id]);
      expect((await call('GET', `/api/collections/${c.id}/download-all`)).statusCode).toBe(401);
      expect((await call('GET', `/api/collections/${c.id}/download-all`)).json().message).toBe(
        'Please sign in to download this collection.',
      );
      const res = await call('GET', `/api/collections/${c.id}/download-all`, maker);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain('filename="Free_Kit.zip"');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const entries = await unzip(res.rawPayload);
      expect([...entries.keys()].sort()).toEqual(
        [
          'Kit Part/model.stl',
          'Kit Part/photo.webp',
          'Kit Part (2)/base.stl',
          'Kit Part (2)/BASE (2).stl',
          'Kit Part (2)/photo.webp',
        ].sort(),
      );
      expect(Buffer.compare(entries.get('Kit Part/model.stl')!, a.stl[0]!.bytes)).toBe(0);
      const counts = await t.db
        .selectFrom('designs')
        .select(['id', 'downloads'])
        .where('id', 'in', [a.id, b.id])
        .execute();
      expect(counts.map((r) => r.downloads)).toEqual([1, 1]);
      // The paid design inside the free collection is now downloadable on its own, too.
      const single = await call('GET', `/api/designs/download-all/${a.id}`, maker);
      expect(single.statusCode).toBe(200);
      // One rule for every way in: the same person the same day counts once per design...
      expect((await call('GET', `/api/collections/${c.id}/download-one/${a.id}`, maker)).statusCode).toBe(
        200,
      );
      const again = await t.db
        .selectFrom('designs')
        .select('downloads')
        .where('id', 'in', [a.id, b.id])
        .execute();
      expect(again.map((r) => r.downloads)).toEqual([1, 1]);
      // ...and another person is another download of each.
      expect((await call('GET', `/api/collections/${c.id}/download-all`, owner)).statusCode).toBe(200);
      const twice = await t.db
        .selectFrom('designs')
        .select('downloads')
        .where('id', 'in', [a.id, b.id])
        .execute();
      expect(twice.map((r) => r.downloads)).toEqual([2, 2]);
      const page = (await call('GET', `/api/designs/by-id/${a.id}`, maker)).json();
      expect(page).toMatchObject({ canDownload: true, canViewModel: true, collectionId: c.id });
    });

    it('keeps a paid collection for its owner (purchases come later); a free design in it stays free', async () => {
      const paidDesign = await createDesign(t, owner.userId, { slug: 'sold-a', isPaid: true });
      const freeDesign = await createDesign(t, owner.userId, { slug: 'sold-b' });
      const c = await newCollection(
        'Sold Set',
        [
          ['pricingType', 'oneTime'],
          ['price', '20'],
        ],
        [paidDesign.id, freeDesign.id],
      );
      expect((await call('GET', `/api/collections/${c.id}/download-all`, maker)).statusCode).toBe(403);
      expect(
        (await call('GET', `/api/collections/${c.id}/download-one/${paidDesign.id}`, maker)).statusCode,
      ).toBe(403);
      expect((await call('GET', `/api/designs/download-all/${paidDesign.id}`, maker)).statusCode).toBe(403);
      const one = await call('GET', `/api/collections/${c.id}/download-one/${freeDesign.id}`, maker);
      expect(one.statusCode).toBe(200);
      expect([...(await unzip(one.rawPayload)).keys()].every((n) => n.startsWith(`Design sold-b/`))).toBe(
        true,
      );
      expect((await call('GET', `/api/collections/${c.id}/download-all`, owner)).statusCode).toBe(200);
      const elsewhere = await createDesign(t, owner.userId, { slug: 'not-inside' });
      expect(
        (await call('GET', `/api/collections/${c.id}/download-one/${elsewhere.id}`, owner)).statusCode,
      ).toBe(404);
      // A design id that is no id at all is no design of the collection, for anyone.
      for (const person of [owner, maker]) {
        expect(
          (await call('GET', `/api/collections/${c.id}/download-one/not-a-uuid`, person)).statusCode,
        ).toBe(404);
      }
    });
  });
});
