import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStat, PutOptions } from '../../lib/storage/file-store.ts';
import { LocalFileStore } from '../../lib/storage/local-file-store.ts';
import { uuid7 } from '../../lib/uploads/uuid7.ts';
import { generateModel } from '../../seed/generators/stl-models.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { bundlePreviewWorker, multipart, sweepLeftoversOf } from '../../test/upload-test-kit.ts';

/**
 * The same files folder as another instance, whose writes stop at the first key until the test
 * opens the gate: an upload caught in the middle of storing, however long that takes.
 */
class GatedFileStore extends LocalFileStore {
  readonly firstKey: Promise<string>;
  #reached!: (key: string) => void;
  #open!: () => void;
  readonly #gate = new Promise<void>((resolve) => {
    this.#open = resolve;
  });

  constructor(root: string) {
    super(root);
    this.firstKey = new Promise((resolve) => {
      this.#reached = resolve;
    });
  }

  open() {
    this.#open();
  }

  override async put(key: string, body: Readable | Buffer, _options?: PutOptions): Promise<FileStat> {
    const stored = await super.put(key, body);
    this.#reached(key);
    await this.#gate;
    return stored;
  }

  override async putFile(key: string, localPath: string, _options?: PutOptions): Promise<FileStat> {
    const stored = await super.putFile(key, localPath);
    this.#reached(key);
    await this.#gate;
    return stored;
  }
}

describe('upload leases and the leftovers sweep across instances', () => {
  let sweeper: TestApp;
  let uploader: TestApp<GatedFileStore>;
  let worker: Awaited<ReturnType<typeof bundlePreviewWorker>>;
  let png: Buffer;

  beforeAll(async () => {
    worker = await bundlePreviewWorker();
    sweeper = await createTestApp({ PREVIEW_WORKER_FILE: worker.file });
    uploader = await createTestApp(
      { PREVIEW_WORKER_FILE: worker.file },
      { db: sweeper.db, files: new GatedFileStore(sweeper.files.root) },
    );
    png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#a37' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    uploader?.files.open();
    await uploader?.close();
    await sweeper?.close();
    await worker?.dispose();
  });

  it('a sweep during a slow upload on another instance deletes nothing the upload stored', async () => {
    const { token } = await signUp(sweeper.app, 'SlowUploader');
    const stl = generateModel('rook', { seed: 5, detail: 0.05 }).stl;
    const body = multipart(
      [
        ['designName', 'Slow Rook'],
        ['description', 'Uploaded over a slow line.'],
        ['categories', JSON.stringify(['Game'])],
      ],
      [
        { name: 'rook.stl', data: stl },
        { name: 'photo.png', data: png },
      ],
    );
    const uploading = uploader.app.inject({
      method: 'POST',
      url: '/api/designs/upload',
      headers: { ...body.headers, 'x-auth-token': token },
      payload: body.payload,
    });
    const storedKey = await uploader.files.firstKey;
    // minAgeMs 0: as if the upload had run for hours, or the sweeper's clock were far ahead.
    const removed = await sweepLeftoversOf(sweeper, { minAgeMs: 0 });
    expect(removed).toEqual([]);
    expect(await sweeper.files.stat(storedKey)).not.toBeNull();

    uploader.files.open();
    const res = await uploading;
    expect(res.statusCode).toBe(201);
    await uploader.app.stlPreviews.idle();
    const rows = await sweeper.db.selectFrom('design_files').select(['storage_key', 'card_key']).execute();
    const keys = rows.flatMap((row) => [row.storage_key, row.card_key]).filter((k) => k !== null);
    expect(keys).toContain(storedKey);
    for (const key of keys) expect(await sweeper.files.stat(key)).not.toBeNull();
    expect(await sweeper.db.selectFrom('pending_uploads').selectAll().execute()).toEqual([]);
    // Committed and released: a second sweep still keeps every file a row uses.
    await sweepLeftoversOf(sweeper, { minAgeMs: 0 });
    for (const key of keys) expect(await sweeper.files.stat(key)).not.toBeNull();
  });

  it('removes orphaned avatars and banners, and keeps the ones in use', async () => {
    const { token } = await signUp(sweeper.app, 'Portrait');
    const body = multipart(
      [],
      [
        { field: 'profilePicture', name: 'me.png', data: png },
        { field: 'bannerImage', name: 'banner.png', data: png },
      ],
    );
    const res = await sweeper.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: { ...body.headers, 'x-auth-token': token },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const { user } = res.json() as { user: { profilePicture: string; bannerImage: string } };
    const inUse = [user.profilePicture, user.bannerImage].map((url) => url.replace('/uploads/', ''));
    const old = Date.now() - 2 * 3_600_000;
    const orphans = [`avatars/${uuid7(old)}.webp`, `banners/${uuid7(old)}.webp`];
    for (const key of orphans) await sweeper.files.put(key, Buffer.from('left behind'));

    const removed = await sweepLeftoversOf(sweeper, {
      prefixes: ['avatars/', 'banners/'],
    });
    expect(removed.sort()).toEqual(orphans.sort());
    for (const key of inUse) expect(await sweeper.files.stat(key)).not.toBeNull();
    expect(path.basename(inUse[0]!)).toMatch(/\.webp$/);
  });
});
