import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import pino from 'pino';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { PendingUploads } from '../../db/pending-uploads.ts';
import { BANNER_VARIANTS, PHOTO_VARIANTS, processImage } from '../../lib/images/process-image.ts';
import { JobQueue } from '../../lib/jobs/job-queue.ts';
import { JobsRepo } from '../../lib/jobs/jobs-repo.ts';
import { publicImageKey } from '../../lib/public-images.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { LocalFileStore } from '../../lib/storage/local-file-store.ts';
import type { S3FileStore } from '../../lib/storage/s3-file-store.ts';
import { uuid7 } from '../../lib/uploads/uuid7.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createDesign, createPeople } from '../../test/design-fixtures.ts';
import { type S3TestStore, startS3TestStore } from '../../test/s3-test-store.ts';
import { MediumImagesRepo } from './medium-images-repo.ts';
import { MEDIUM_IMAGES_QUEUE, MediumImageBackfill, MediumImageJobs } from './medium-images-service.ts';

/**
 * Photos and banners as they were stored before the medium size existed (their rows without a
 * medium key), given one afterwards by the backfill, on a real database and real storage.
 */

type Log = { level: number; msg: string; source?: string; reason?: string };

/** A real pino logger whose lines are kept, for what the backfill reports. */
function capturingLog() {
  const lines: Log[] = [];
  const log = pino({ level: 'info' }, { write: (text: string) => lines.push(JSON.parse(text) as Log) });
  return { log, warnings: () => lines.filter((line) => line.level >= 40) };
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#d33"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

async function sizeOf(files: FileStore, key: string) {
  const { format, width, height } = await sharp(await buffer(await files.get(key))).metadata();
  return { format, width, height };
}

async function keysUnder(files: FileStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of files.list(prefix)) keys.push(key);
  return keys.sort();
}

/** A design whose photos were stored as uploads stored them before: gallery and card, no medium. */
async function designWithOldPhotos(t: TestApp<FileStore>, ownerId: string, slug: string, photos: number) {
  const design = await createDesign(t, ownerId, { slug, imageNames: [] });
  const keys: string[] = [];
  for (let position = 0; position < photos; position++) {
    const { gallery, card } = await processImage(await picture(2000, 1500), PHOTO_VARIANTS);
    const id = uuid7();
    const [galleryKey, cardKey] = [
      publicImageKey('images', id, 'gallery'),
      publicImageKey('images', id, 'card'),
    ];
    await t.files.put(galleryKey, gallery.data);
    await t.files.put(cardKey, card.data);
    await t.db
      .insertInto('design_files')
      .values({
        design_id: design.id,
        kind: 'image',
        name: `photo-${position}.png`,
        storage_key: galleryKey,
        card_key: cardKey,
        size_bytes: gallery.data.length,
        position,
      })
      .execute();
    keys.push(galleryKey);
  }
  return { design, keys };
}

/** A person whose banner was stored before: the 1500 x 500 picture only. */
async function personWithOldBanner(t: TestApp<FileStore>, username: string) {
  const [person] = await createPeople(t, username, 1);
  const { banner } = await processImage(await picture(3000, 1500), BANNER_VARIANTS);
  const key = publicImageKey('banners', uuid7());
  await t.files.put(key, banner.data);
  await t.db.updateTable('users').set({ banner_image_key: key }).where('id', '=', person!.userId).execute();
  return { person: person!, key };
}

const photoRows = (t: TestApp<FileStore>) =>
  t.db
    .selectFrom('design_files')
    .select(['id', 'storage_key', 'medium_key'])
    .where('kind', '=', 'image')
    .orderBy('storage_key')
    .execute();

const backfillOn = (t: TestApp<FileStore>, log: pino.Logger, batchSize?: number, files = t.files) =>
  new MediumImageBackfill(
    new MediumImagesRepo(t.db),
    files,
    new PendingUploads(t.db, 60_000),
    log,
    batchSize,
  );

describe('the medium-image backfill', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it('gives old photos and banners their medium size, shown by the design page and the profile', async () => {
    t = await createTestApp();
    const [owner] = await createPeople(t, 'Photographer', 1);
    const { keys } = await designWithOldPhotos(t, owner!.userId, 'old-photos', 2);
    const { key: bannerKey } = await personWithOldBanner(t, 'Bannered');
    type File = { type: string; mediumUrl?: string | null };
    const photosOnPage = async () =>
      ((await t.app.inject({ url: '/api/designs/photographer0/old-photos' })).json().files as File[])
        .filter((f) => f.type === 'image')
        .map((f) => f.mediumUrl);
    expect(await photosOnPage()).toEqual([null, null]);

    expect(await t.app.mediumImages.fillMissing()).toEqual({ photo: 2, banner: 1 });
    await t.app.mediumImages.idle();

    const rows = await photoRows(t);
    expect(rows.map((r) => r.storage_key)).toEqual([...keys].sort());
    for (const row of rows) {
      expect(row.medium_key).toMatch(/^images\/[0-9a-f-]{36}-medium\.webp$/);
      expect(await sizeOf(t.files, row.medium_key!)).toEqual({ format: 'webp', width: 800, height: 600 });
    }
    const shown = await photosOnPage();
    expect([...shown].sort()).toEqual(rows.map((r) => `/uploads/${r.medium_key}`).sort());
    expect((await t.app.inject({ url: shown[0]! })).statusCode).toBe(200);

    const profile = (await t.app.inject({ url: '/api/profile/username/Bannered0' })).json().user;
    expect(profile.bannerImage).toBe(`/uploads/${bannerKey}`);
    expect(profile.bannerImageMedium).toMatch(/^\/uploads\/banners\/[0-9a-f-]{36}-medium\.webp$/);
    const bannerMedium = profile.bannerImageMedium.replace('/uploads/', '');
    expect(await sizeOf(t.files, bannerMedium)).toEqual({ format: 'webp', width: 750, height: 250 });

    // Idempotent: nothing is left to queue, and a batch run anyway makes nothing.
    const stored = await keysUnder(t.files, '');
    expect(await t.app.mediumImages.fillMissing()).toEqual({ photo: 0, banner: 0 });
    const { log } = capturingLog();
    expect(await backfillOn(t, log).batch('photo', null)).toEqual({ made: 0, failed: [], next: null });
    expect(await keysUnder(t.files, '')).toEqual(stored);
    expect(await new JobsRepo(t.db).byState(MEDIUM_IMAGES_QUEUE)).toEqual({ completed: 2 });
  });

  it('reports a picture whose stored file is missing or unreadable, leaves it as it was and does the rest', async () => {
    t = await createTestApp();
    const [owner] = await createPeople(t, 'Keeper', 1);
    const { keys } = await designWithOldPhotos(t, owner!.userId, 'two', 2);
    const [missing, fine] = keys as [string, string];
    await t.files.delete(missing);
    // The fixture's stand-in bytes are no picture at all.
    const unreadable = (await createDesign(t, owner!.userId, { slug: 'junk', imageNames: ['junk.png'] }))
      .images[0]!;
    const unreadableKey = (
      await t.db
        .selectFrom('design_files')
        .select('storage_key')
        .where('id', '=', unreadable.id)
        .executeTakeFirstOrThrow()
    ).storage_key;

    const { log, warnings } = capturingLog();
    const result = await backfillOn(t, log).batch('photo', null);
    expect(result.made).toBe(1);
    expect(result.next).toBeNull();
    expect(result.failed).toHaveLength(2);
    expect(result.failed).toEqual(
      expect.arrayContaining([
        { source: missing, reason: 'the stored picture is missing' },
        { source: unreadableKey, reason: 'the stored picture could not be decoded' },
      ]),
    );
    expect(warnings().map((w) => [w.msg, w.source, w.reason])).toEqual(
      result.failed.map((f) => ['medium image could not be made', f.source, f.reason]),
    );
    const byKey = new Map((await photoRows(t)).map((r) => [r.storage_key, r.medium_key]));
    expect(byKey.get(fine)).toMatch(/-medium\.webp$/);
    expect(byKey.get(missing)).toBeNull();
    expect(byKey.get(unreadableKey)).toBeNull();

    // As a job: it completes (no retries, no failed job) and the two stay to be looked at.
    expect(await t.app.mediumImages.fillMissing()).toEqual({ photo: 2, banner: 0 });
    await t.app.mediumImages.idle();
    expect(await new JobsRepo(t.db).byState(MEDIUM_IMAGES_QUEUE)).toEqual({ completed: 1 });
    expect(await t.app.mediumImages.fillMissing()).toEqual({ photo: 2, banner: 0 });
    const detail = (await t.app.inject({ url: '/api/designs/keeper0/junk' })).json();
    expect(detail.files.find((f: { type: string }) => f.type === 'image').mediumUrl).toBeNull();
  });

  it('goes through many pictures in small batches on two instances, each picture once', async () => {
    t = await createTestApp();
    const [owner] = await createPeople(t, 'Prolific', 1);
    await designWithOldPhotos(t, owner!.userId, 'many', 7);
    // Two other instances on the same database work the queue, two pictures a batch.
    await t.app.close();
    const { log } = capturingLog();
    const instances = [0, 1].map(() => {
      const queue = new JobQueue(
        t.db,
        { claimSeconds: 60, maintenanceSeconds: 10, pollSeconds: 0.5 },
        () => {},
      );
      const jobs = new MediumImageJobs(queue, new MediumImagesRepo(t.db), log);
      return { queue, jobs, working: jobs.workWith(backfillOn(t, log, 2)) };
    });
    try {
      for (const { working } of instances) await working;
      // Both start and queue the backfill: at most one link is queued at a time, so the chains
      // follow each other, and whichever does a picture, it is done once.
      for (const { jobs } of instances) await jobs.fillMissing();
      await instances[0]!.jobs.idle();
    } finally {
      for (const { queue } of instances) await queue.stop();
    }
    const rows = await photoRows(t);
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.medium_key !== null)).toBe(true);
    // No medium made twice and left behind: every one stored is the one its row names.
    const mediums = (await keysUnder(t.files, 'images/')).filter((k) => k.endsWith('-medium.webp'));
    expect(mediums).toEqual(rows.map((r) => r.medium_key).sort());
    // Seven pictures, two a batch: at least four links.
    const { completed = 0, ...others } = await new JobsRepo(t.db).byState(MEDIUM_IMAGES_QUEUE);
    expect(others).toEqual({});
    expect(completed).toBeGreaterThanOrEqual(4);
  });

  it('leaves one medium per picture and no stray file when two backfills run at once', async () => {
    t = await createTestApp();
    const [owner] = await createPeople(t, 'Raced', 1);
    await designWithOldPhotos(t, owner!.userId, 'raced', 4);
    await personWithOldBanner(t, 'RacedBanner');
    const { log } = capturingLog();
    const [a, b] = [backfillOn(t, log), backfillOn(t, log)];
    const results = await Promise.all([
      a.batch('photo', null),
      b.batch('photo', null),
      a.batch('banner', null),
      b.batch('banner', null),
    ]);
    expect(results.flatMap((r) => r.failed)).toEqual([]);
    const rows = await photoRows(t);
    expect(rows.every((r) => r.medium_key !== null)).toBe(true);
    const mediums = (await keysUnder(t.files, 'images/')).filter((k) => k.endsWith('-medium.webp'));
    expect(mediums).toEqual(rows.map((r) => r.medium_key).sort());
    const banner = await t.db
      .selectFrom('users')
      .select('banner_medium_key')
      .where('banner_image_key', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(await keysUnder(t.files, 'banners/')).toContain(banner.banner_medium_key);
    expect((await keysUnder(t.files, 'banners/')).filter((k) => k.endsWith('-medium.webp'))).toEqual([
      banner.banner_medium_key,
    ]);
    expect(await t.db.selectFrom('pending_uploads').selectAll().execute()).toEqual([]);
  });

  it('deletes the medium it made when the photo was removed meanwhile', async () => {
    t = await createTestApp();
    const [owner] = await createPeople(t, 'Remover', 1);
    const { keys } = await designWithOldPhotos(t, owner!.userId, 'removed', 1);
    // The photo's row goes while its medium is being stored, as an edit removing it would.
    const db = t.db;
    class RemovingStore extends LocalFileStore {
      override async put(...args: Parameters<LocalFileStore['put']>) {
        if (args[0].endsWith('-medium.webp'))
          await db.deleteFrom('design_files').where('storage_key', '=', keys[0]!).execute();
        return super.put(...args);
      }
    }
    const { log } = capturingLog();
    const files = new RemovingStore(path.join(t.dataDir, 'files'));
    expect(await backfillOn(t, log, undefined, files).batch('photo', null)).toEqual({
      made: 0,
      failed: [],
      next: null,
    });
    expect((await keysUnder(t.files, 'images/')).filter((k) => k.endsWith('-medium.webp'))).toEqual([]);
    expect(await t.db.selectFrom('pending_uploads').selectAll().execute()).toEqual([]);
  });
});

describe('the medium-image backfill on S3 storage', () => {
  let s3: S3TestStore;
  let t: TestApp<S3FileStore>;
  afterEach(async () => {
    await t?.close();
    await s3?.close();
  });

  it('reads the large pictures from the bucket and stores their mediums there', async () => {
    s3 = await startS3TestStore();
    t = await createTestApp({}, { files: s3.store });
    const [owner] = await createPeople(t, 'Cloudy', 1);
    await designWithOldPhotos(t, owner!.userId, 'cloud', 1);
    await personWithOldBanner(t, 'CloudBanner');
    expect(await t.app.mediumImages.fillMissing()).toEqual({ photo: 1, banner: 1 });
    await t.app.mediumImages.idle();
    const [photo] = await photoRows(t);
    expect(await sizeOf(t.files, photo!.medium_key!)).toEqual({ format: 'webp', width: 800, height: 600 });
    const profile = (await t.app.inject({ url: '/api/profile/username/CloudBanner0' })).json().user;
    const served = await t.app.inject({ url: profile.bannerImageMedium });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 750, height: 250 });
  });
});
