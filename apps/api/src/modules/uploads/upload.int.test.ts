import { mkdir, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uuid7 } from '../../lib/uploads/uuid7.ts';
import { generateModel } from '../../seed/generators/stl-models.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { makeBombPng } from '../../test/image-fixtures.ts';
import {
  binaryStl,
  bundlePreviewWorker,
  exists,
  type FormFile,
  listFiles,
  multipart,
  snapshot,
  sweepLeftoversOf,
} from '../../test/upload-test-kit.ts';

describe(`design uploads`, () => {
  let t: TestApp;
  let worker: Awaited<ReturnType<typeof bundlePreviewWorker>>;
  let token: string;
  let otherToken: string;
  let stl: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    worker = await bundlePreviewWorker();
    // Small caps so "over the limit" bodies stay small.
    t = await createTestApp({
      PREVIEW_WORKER_FILE: worker.file,
      UPLOAD_MAX_STL_MB: '1',
      UPLOAD_MAX_PHOTO_MB: '0.5',
      UPLOAD_MAX_FILES: '5',
    });
    token = (await signUp(t.app, 'Maker')).token;
    otherToken = (await signUp(t.app, 'Other')).token;
    stl = generateModel('rook', { seed: 3, detail: 0.05 }).stl;
    png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    expect(stl.length).toBeLessThan(1024 * 1024);
  });
  afterAll(async () => {
    await t.close();
    await worker.dispose();
  });

  const basics = (name = 'Chess Rook'): [string, string][] => [
    ['designName', name],
    ['description', 'A rook for the garden chess set.'],
    ['settings', '0.2 mm layers'],
    ['manufacturingInstructions', 'No supports'],
    ['usages', 'Games'],
    ['categories', JSON.stringify(['Game'])],
    ['tags', ' Chess, rook ,CHESS, , garden '],
    ['uploadId', String(Date.now())],
    ['isPaid', 'false'],
    ['price', ''],
  ];

  const upload = (fields: [string, string][], files: FormFile[], as = token) => {
    const { payload, headers } = multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/designs/upload',
      payload,
      headers: { ...headers, 'x-auth-token': as },
    });
  };

  it('stores a design with its analysed STL, rendered previews and photo, and lists its card', async () => {
    const res = await upload(basics(), [
      { name: 'rook.stl', data: stl },
      { name: 'photo.png', data: png },
    ]);
    expect(res.statusCode).toBe(201);
    const { design, message } = res.json();
    expect(message).toBeTruthy();
    expect(design).toMatchObject({ slug: 'chess-rook', name: 'Chess Rook', user: { username: 'Maker' } });
    expect(design._id).toBe(design.id);
    // The previews are rendered after the answer.
    await t.app.stlPreviews.idle();

    const row = await t.db
      .selectFrom('designs')
      .selectAll()
      .where('id', '=', design.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      category: 'Game',
      tags: ['chess', 'rook', 'garden'],
      is_paid: false,
      price_cents: 0,
    });
    const files = await t.db
      .selectFrom('design_files')
      .selectAll()
      .where('design_id', '=', design.id)
      .orderBy('kind')
      .execute();
    expect(files.map((f) => f.kind)).toEqual(['image', 'stl']);
    const [image, model] = files as [(typeof files)[0], (typeof files)[0]];
    expect(model.analysis).toMatchObject({ format: 'binary', triangles: (stl.length - 84) / 50 });
    expect(model.storage_key).toMatch(/^stl\/[0-9a-f-]{36}\.stl$/);
    expect(model.preview_key).toMatch(/^images\/[0-9a-f-]{36}-preview\.webp$/);
    expect(model.preview_card_key).toMatch(/^images\/[0-9a-f-]{36}-previewcard\.webp$/);
    expect(image.card_key).toMatch(/-card\.webp$/);
    expect(image.medium_key).toMatch(/-medium\.webp$/);
    // The stored model is byte for byte what was sent; the renders are real 4:3 WebP images.
    expect(Buffer.compare(await readKey(model.storage_key), stl)).toBe(0);
    expect(await sharp(await readKey(model.preview_key!)).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 900,
    });
    expect(await sharp(await readKey(model.preview_card_key!)).metadata()).toMatchObject({
      width: 600,
      height: 450,
    });
    for (const key of [model.preview_key!, image.storage_key, image.medium_key!, image.card_key!]) {
      const served = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
      expect(served.statusCode).toBe(200);
    }

    const listing = (await t.app.inject({ method: 'GET', url: '/api/designs/newest' })).json();
    const card = listing.designs.find((d: { id: string }) => d.id === design.id);
    // Photo first, then the STL preview.
    expect(card.files.map((f: { url: string }) => f.url)).toEqual([
      `/uploads/${image.card_key}`,
      `/uploads/${model.preview_card_key}`,
    ]);
    expect(await listFiles(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('stores a photo at half size too, the same picture, and the design page names both sizes', async () => {
    // Flat, so it stays far below the 0.5 MB photo limit at 2400 x 1800.
    const large = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#c73' } })
      .png()
      .toBuffer();
    const res = await upload(basics('Big Photo'), [
      { name: 'm.stl', data: stl },
      { name: 'big.png', data: large },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const image = await t.db
      .selectFrom('design_files')
      .select(['storage_key', 'medium_key'])
      .where('design_id', '=', res.json().design.id)
      .where('kind', '=', 'image')
      .executeTakeFirstOrThrow();
    // One id for the renditions of one photo.
    const id = /^images\/([0-9a-f-]{36})-gallery\.webp$/.exec(image.storage_key)?.[1];
    expect(image.medium_key).toBe(`images/${id}-medium.webp`);
    expect(await sharp(await readKey(image.storage_key)).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 1200,
    });
    expect(await sharp(await readKey(image.medium_key!)).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 600,
    });

    const detail = (await t.app.inject({ url: '/api/designs/maker/big-photo' })).json();
    const photo = detail.files.find((f: { type: string }) => f.type === 'image');
    expect(photo).toMatchObject({
      url: `/uploads/${image.storage_key}`,
      mediumUrl: `/uploads/${image.medium_key}`,
    });
    const served = await t.app.inject({ url: photo.mediumUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('shows STL previews as the card images of a design without photos', async () => {
    const res = await upload(basics('Only Model'), [{ name: 'm.stl', data: stl }]);
    expect(res.statusCode).toBe(201);
    await t.app.stlPreviews.idle();
    const listing = (await t.app.inject({ method: 'GET', url: '/api/designs/newest' })).json();
    const card = listing.designs.find((d: { id: string }) => d.id === res.json().design.id);
    expect(card.files).toHaveLength(1);
    expect(card.files[0].url).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}-previewcard\.webp$/);
  });

  describe('refuses hostile files, leaving no row and no file', () => {
    const pe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(400, 7)]);
    const nan = binaryStl(2);
    nan.writeFloatLE(Number.NaN, 84 + 12);
    const cases: [string, () => FormFile[], number, RegExp][] = [
      [
        'an STL without one whole triangle',
        () => [{ name: 'a.stl', data: binaryStl(10).subarray(0, 84 + 30) }],
        400,
        /truncated/,
      ],
      ['zero triangles', () => [{ name: 'a.stl', data: binaryStl(0) }], 400, /./],
      ['NaN coordinates', () => [{ name: 'a.stl', data: nan }], 400, /invalid coordinates/],
      ['a PNG renamed .stl', () => [{ name: 'photo.stl', data: png }], 415, /not an STL/],
      [
        'an executable renamed .png',
        () => [
          { name: 'a.stl', data: stl },
          { name: 'setup.png', data: pe },
        ],
        415,
        /PNG, JPEG, GIF or BMP/,
      ],
      [
        'a decompression bomb',
        () => [
          { name: 'a.stl', data: stl },
          { name: 'bomb.png', data: makeBombPng(20_000, 20_000) },
        ],
        413,
        /too large/,
      ],
      [
        'a file of another type',
        () => [
          { name: 'a.stl', data: stl },
          { name: 'notes.txt', data: Buffer.from('hi') },
        ],
        415,
        /Only STL, 3MF and OBJ models/,
      ],
      [
        'an STL over the size cap',
        () => [{ name: 'big.stl', data: binaryStl(22_000) }],
        413,
        /STL files may be at most 1 MB/,
      ],
      [
        'a photo over the size cap',
        () => [
          { name: 'a.stl', data: stl },
          { name: 'big.png', data: Buffer.concat([png, Buffer.alloc(600_000)]) },
        ],
        413,
        /Photos may be at most/,
      ],
      [
        '1000 parts',
        () => Array.from({ length: 1000 }, (_, i) => ({ name: `p${i}.stl`, data: binaryStl(1) })),
        413,
        /Too many files/,
      ],
    ];
    for (const [label, files, status, message] of cases) {
      it(label, async () => {
        const before = await snapshot(t);
        const res = await upload(basics(`Hostile ${label}`), files());
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().message).toMatch(message);
        expect(await snapshot(t)).toEqual(before);
      });
    }
  });

  it('keeps hostile file names only as sanitised display names', async () => {
    const long = `${'x'.repeat(300)}.stl`;
    const names = ['../../../etc/passwd.stl', 'evil\u202Egnp.stl', long, '..\\..\\win.stl'];
    const res = await upload(
      basics('Odd Names'),
      names.map((name) => ({ name, data: stl })),
    );
    expect(res.statusCode, res.body).toBe(201);
    const files = await t.db
      .selectFrom('design_files')
      .select(['name', 'storage_key'])
      .where('design_id', '=', res.json().design.id)
      .orderBy('position')
      .execute();
    expect(files.map((f) => f.name)).toEqual([
      'passwd.stl',
      'evilgnp.stl',
      `${'x'.repeat(116)}.stl`,
      'win.stl',
    ]);
    for (const f of files) expect(f.storage_key).toMatch(/^stl\/[0-9a-f-]{36}\.stl$/);
    // Nothing was written outside the storage folder.
    expect(await exists(path.join(t.dataDir, 'etc'))).toBe(false);
  });

  it('refuses a file name with a NUL character, keeping nothing', async () => {
    const before = await snapshot(t);
    const res = await upload(basics('Nul Name'), [
      { name: 'fine.stl', data: stl },
      { name: 'a\u0000b.stl', data: stl },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('NUL_CHARACTER');
    expect(await snapshot(t)).toEqual(before);
  });

  it('checks the fields in the product’s order with its messages', async () => {
    const without = (name: string) => basics().filter(([k]) => k !== name);
    const files = [{ name: 'a.stl', data: stl }];
    const expectMessage = async (fields: [string, string][], f: FormFile[], message: string) => {
      const before = await snapshot(t);
      const res = await upload(fields, f);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await snapshot(t)).toEqual(before);
    };
    await expectMessage([...without('designName'), ['isPaid', 'true']], [], 'Model name is required.');
    await expectMessage(
      [...without('description'), ['isPaid', 'true']],
      files,
      'Model description is required.',
    );
    await expectMessage([...basics(), ['isPaid', 'true'], ['price', '0']], [], 'No STL files to upload.');
    await expectMessage(
      [...basics(), ['isPaid', 'true'], ['price', 'abc']],
      files,
      'Price must be greater than 0 for paid designs.',
    );
    await expectMessage(
      [
        ...basics(),
        ['createNewCollection', 'true'],
        ['newCollectionName', 'Set'],
        ['newCollectionPrice', '-1'],
      ],
      files,
      'Collection price must be a positive number if you are selling this collection.',
    );
    await expectMessage(
      [...basics(), ['categories', '["Food"]']],
      files,
      'Choose one of the listed categories.',
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/designs/upload',
      ...multipart(basics(), files),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives two concurrent uploads of one name different slugs', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => upload(basics('Twin Vase'), [{ name: 'v.stl', data: stl }])),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(results.map((r) => r.json().design.slug).sort()).toEqual([
      'twin-vase',
      'twin-vase-2',
      'twin-vase-3',
    ]);
  });

  it('stores a paid price in cents and creates the new collection', async () => {
    const res = await upload(
      [
        ...basics('Paid Knight'),
        ['isPaid', 'true'],
        ['price', '4.99'],
        ['createNewCollection', 'true'],
        ['newCollectionName', 'Chess Set'],
        ['newCollectionPrice', '12.50'],
        ['newCollectionSubscription', 'false'],
      ],
      [{ name: 'k.stl', data: stl }],
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db
      .selectFrom('designs')
      .innerJoin('collections', 'collections.id', 'designs.collection_id')
      .select([
        'designs.price_cents',
        'designs.is_paid',
        'collections.name',
        'collections.price_cents as collection_cents',
        'collections.pricing_type',
        'collections.user_id',
      ])
      .where('designs.id', '=', res.json().design.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      price_cents: 499,
      is_paid: true,
      name: 'Chess Set',
      collection_cents: 1250,
      pricing_type: 'oneTime',
    });

    // An existing collection of the creator can be chosen; someone else's cannot.
    const collection = await t.db
      .selectFrom('collections')
      .select('id')
      .where('name', '=', 'Chess Set')
      .executeTakeFirstOrThrow();
    const again = await upload(
      [...basics('Queen'), ['collectionId', collection.id]],
      [{ name: 'q.stl', data: stl }],
    );
    expect(again.statusCode).toBe(201);
    const before = await snapshot(t);
    const stranger = await upload(
      [...basics('Theft'), ['collectionId', collection.id]],
      [{ name: 'q.stl', data: stl }],
      otherToken,
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Collection not found.');
    expect(await snapshot(t)).toEqual(before);
  });

  describe('PATCH /api/edit/{id}/files', () => {
    let designId: string;
    const patch = (fields: [string, string][], files: FormFile[], as = token) => {
      const { payload, headers } = multipart(fields, files);
      return t.app.inject({
        method: 'PATCH',
        url: `/api/edit/${designId}/files`,
        payload,
        headers: { ...headers, 'x-auth-token': as },
      });
    };
    const filesOf = () =>
      t.db
        .selectFrom('design_files')
        .selectAll()
        .where('design_id', '=', designId)
        .orderBy('kind')
        .orderBy('position')
        .execute();

    beforeEach(async () => {
      const res = await upload(basics('Editable'), [
        { name: 'one.stl', data: stl },
        { name: 'p.png', data: png },
      ]);
      designId = res.json().design.id;
      await t.app.stlPreviews.idle();
    });

    it('adds and removes files by id or url, deleting removed files after the commit', async () => {
      const [image, model] = (await filesOf()) as unknown as [
        { id: string; storage_key: string; card_key: string; medium_key: string },
        { id: string; storage_key: string; preview_key: string },
      ];
      expect(await t.files.stat(image.medium_key)).not.toBeNull();
      const res = await patch(
        [
          ['filesToRemove', `http://localhost:3000/uploads/${image.storage_key}`],
          ['filesToRemove', model.id],
        ],
        [{ field: 'newFiles', name: 'two.stl', data: stl }],
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().files.map((f: { name: string }) => f.name)).toEqual(['two.stl']);
      const removed = [
        image.storage_key,
        image.card_key,
        image.medium_key,
        model.storage_key,
        model.preview_key,
      ];
      for (const key of removed) expect(await t.files.stat(key)).toBeNull();
    });

    it('removes a photo named by its medium-size address, the one a phone was shown', async () => {
      const [image] = (await filesOf()) as unknown as [{ storage_key: string; medium_key: string }];
      const res = await patch([['filesToRemove', `/uploads/${image.medium_key}`]], []);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().files.map((f: { type: string }) => f.type)).toEqual(['stl']);
      for (const key of [image.storage_key, image.medium_key]) expect(await t.files.stat(key)).toBeNull();
    });

    it('keeps at least one STL file', async () => {
      const [, model] = await filesOf();
      const before = await snapshot(t);
      const res = await patch(
        [['filesToRemove', `/api/designs/download/${model!.id}`]],
        [{ field: 'newFiles', name: 'x.png', data: png }],
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('No STL files provided.');
      expect(await snapshot(t)).toEqual(before);
    });

    it('is for the owner only and never touches another design’s files', async () => {
      const res = await patch([], [{ field: 'newFiles', name: 'x.stl', data: stl }], otherToken);
      expect(res.statusCode).toBe(403);
      const other = await upload(basics('Another'), [{ name: 'o.stl', data: stl }]);
      const otherFile = await t.db
        .selectFrom('design_files')
        .select('id')
        .where('design_id', '=', other.json().design.id)
        .executeTakeFirstOrThrow();
      const ignored = await patch([['filesToRemove', otherFile.id]], []);
      expect(ignored.statusCode).toBe(200);
      expect(
        await t.db.selectFrom('design_files').select('id').where('id', '=', otherFile.id).executeTakeFirst(),
      ).toBeDefined();
    });

    it('refuses a hostile new file without a trace', async () => {
      const before = await snapshot(t);
      const res = await patch([], [{ field: 'newFiles', name: 'x.stl', data: png }]);
      expect(res.statusCode).toBe(415);
      expect(await snapshot(t)).toEqual(before);
    });
  });

  describe('crash consistency', () => {
    it('the start-up sweep removes old unreferenced objects and keeps referenced or recent ones', async () => {
      const root = path.join(t.dataDir, 'files');
      const orphanKey = `stl/${crypto.randomUUID()}.stl`;
      const orphanV7 = `images/${uuid7(Date.now() - 2 * 3_600_000)}-preview.webp`;
      const recentKey = `stl/${uuid7()}.stl`;
      for (const key of [orphanKey, orphanV7, recentKey]) {
        await mkdir(path.dirname(path.join(root, key)), { recursive: true });
        await writeFile(path.join(root, key), 'leftover');
      }
      const old = new Date(Date.now() - 2 * 3_600_000);
      await utimes(path.join(root, orphanKey), old, old);
      // A referenced file, made old too.
      const referenced = await t.db
        .selectFrom('design_files')
        .select('storage_key')
        .where('kind', '=', 'stl')
        .executeTakeFirstOrThrow();
      await utimes(path.join(root, referenced.storage_key), old, old);

      const removed = await sweepLeftoversOf(t, { batchSize: 3 });
      expect(removed.sort()).toEqual([orphanV7, orphanKey].sort());
      expect(await t.files.stat(orphanKey)).toBeNull();
      expect(await t.files.stat(recentKey)).not.toBeNull();
      expect(await t.files.stat(referenced.storage_key)).not.toBeNull();
      await t.files.delete(recentKey);
    });

    it('an upload aborted midway leaves no temporary file, row or stored file', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const before = await snapshot(t);
      const { payload, headers } = multipart(basics('Aborted'), [
        { name: 'big.stl', data: binaryStl(15_000) },
      ]);
      await new Promise<void>((resolve) => {
        const req = http.request({
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/designs/upload',
          headers: { ...headers, 'content-length': payload.length, 'x-auth-token': token },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        // Half the body, then wait until the temporary file exists, then cut the connection.
        req.write(payload.subarray(0, payload.length / 2));
        const poll = setInterval(async () => {
          if ((await listFiles(path.join(t.dataDir, 'tmp'))).length > 0) {
            clearInterval(poll);
            req.destroy();
          }
        }, 10);
      });
      await expect.poll(() => listFiles(path.join(t.dataDir, 'tmp')), { timeout: 5000 }).toEqual([]);
      expect(await snapshot(t)).toEqual(before);
    });
  });

  async function readKey(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await t.files.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
});
