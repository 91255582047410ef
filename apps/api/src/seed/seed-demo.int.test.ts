import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { JobsRepo } from '../lib/jobs/jobs-repo.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bundlePreviewWorker, listFiles } from '../test/upload-test-kit.ts';
import { DEMO_CREATORS, DEMO_DESIGNS } from './catalog.ts';
import { seedDemoContent } from './seed-demo.ts';
import { SeedRepo } from './seed-repo.ts';

/**
 * A first start's order (server.ts): seed an empty database, listen, then `fillMissing` renders
 * the STL previews in the background. The shop must be whole before any render: designs, photos,
 * models; the renders then all complete, each design once however many instances queued it.
 */
describe('demo content on a first start', () => {
  let worker: Awaited<ReturnType<typeof bundlePreviewWorker>>;
  beforeAll(async () => {
    worker = await bundlePreviewWorker();
  });
  afterAll(async () => {
    await worker?.dispose();
  });

  type LogLine = { level: number; msg: string; designs?: number };
  /** The app's real log, kept; `onLine` sees each line as it is written. */
  function logCapture(onLine: (line: LogLine) => void = () => {}) {
    const lines: LogLine[] = [];
    const logger = {
      level: 'info',
      stream: {
        write: (text: string) => {
          const line = JSON.parse(text) as LogLine;
          lines.push(line);
          onLine(line);
        },
      },
    };
    return { lines, logger, progress: () => lines.map((l) => l.msg).filter(isProgress) };
  }
  const isProgress = (msg: string) => msg.startsWith('rendering STL previews: ');

  async function fileRows(t: TestApp) {
    return t.db
      .selectFrom('design_files')
      .select([
        'design_id',
        'kind',
        'storage_key',
        'card_key',
        'medium_key',
        'preview_key',
        'preview_card_key',
      ])
      .orderBy('storage_key')
      .execute();
  }

  async function imageSize(t: TestApp, key: string) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of await t.files.get(key)) chunks.push(chunk);
    const { format, width, height } = await sharp(Buffer.concat(chunks)).metadata();
    return { format, width, height };
  }

  describe('the whole catalogue', () => {
    let t: TestApp;
    const log = logCapture();
    beforeAll(async () => {
      t = await createTestApp({ PREVIEW_WORKER_FILE: worker.file }, { logger: log.logger });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is seeded with every design, photo and model, and no preview rendered yet', {
      timeout: 120_000,
    }, async () => {
      expect(await new SeedRepo(t.db).isEmpty()).toBe(true);
      await seedDemoContent(t.db, t.files, t.app.log);

      const designs = await t.db.selectFrom('designs').select(['id', 'name']).execute();
      expect(designs.map((d) => d.name).sort()).toEqual(DEMO_DESIGNS.map((d) => d.name).sort());
      const files = await fileRows(t);
      const stls = files.filter((f) => f.kind === 'stl');
      const photos = files.filter((f) => f.kind === 'image');
      expect(stls).toHaveLength(DEMO_DESIGNS.length);
      expect(photos).toHaveLength(DEMO_DESIGNS.reduce((sum, d) => sum + d.photos, 0));
      // Nothing rendered: the previews are the preview jobs' work, after the server listens.
      expect(stls.every((f) => f.preview_key === null && f.preview_card_key === null)).toBe(true);
      expect(
        (await listFiles(path.join(t.dataDir, 'files', 'images'))).filter((f) => /preview/.test(f)),
      ).toEqual([]);
      expect(log.progress()).toEqual([]);

      // Every photo is stored as an upload's would be: the gallery picture, the same at half size
      // for phones, and its 4:3 card.
      for (const photo of photos) {
        expect(await imageSize(t, photo.storage_key)).toEqual({ format: 'webp', width: 1200, height: 900 });
        expect(await imageSize(t, photo.medium_key!)).toEqual({ format: 'webp', width: 800, height: 600 });
        expect(await imageSize(t, photo.card_key!)).toEqual({ format: 'webp', width: 600, height: 450 });
      }
      for (const stl of stls) expect((await t.files.stat(stl.storage_key))?.size).toBeGreaterThan(84);
      const creators = await t.db
        .selectFrom('users')
        .select(['profile_picture_key', 'banner_image_key', 'banner_medium_key'])
        .where(
          'username',
          'in',
          DEMO_CREATORS.map((c) => c.username),
        )
        .execute();
      expect(creators).toHaveLength(DEMO_CREATORS.length);
      for (const creator of creators) {
        expect(await imageSize(t, creator.profile_picture_key!)).toEqual({
          format: 'webp',
          width: 256,
          height: 256,
        });
        expect(await imageSize(t, creator.banner_image_key!)).toEqual({
          format: 'webp',
          width: 1500,
          height: 500,
        });
        expect(await imageSize(t, creator.banner_medium_key!)).toEqual({
          format: 'webp',
          width: 750,
          height: 250,
        });
      }
      // Nothing is left for the backfill of medium sizes.
      expect(await t.app.mediumImages.fillMissing()).toEqual({ photo: 0, banner: 0 });

      // The listing shows each design with its photos at once, served from /uploads/.
      const cards: { name: string; files: { url: string }[] }[] = [];
      for (let page = 1; cards.length < DEMO_DESIGNS.length; page++) {
        const res = await t.app.inject({ url: `/api/designs/newest?page=${page}` });
        expect(res.statusCode).toBe(200);
        const body = res.json() as { designs: typeof cards };
        expect(body.designs.length).toBeGreaterThan(0);
        cards.push(...body.designs);
      }
      for (const card of cards) {
        const design = DEMO_DESIGNS.find((d) => d.name === card.name)!;
        // Its photos (the catalogue has at most CARD_IMAGES of them a design), no render.
        expect(card.files).toHaveLength(design.photos);
        for (const file of card.files)
          expect(file.url).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}-card\.webp$/);
      }
      const image = await t.app.inject({ url: cards[0]!.files[0]!.url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    });
  });

  describe('its STL previews', () => {
    const DESIGNS = 6;
    let t: TestApp;
    let second: Awaited<ReturnType<typeof buildApp>> | undefined;
    const firstLog = logCapture();
    const secondLog = logCapture();
    beforeAll(async () => {
      t = await createTestApp({ PREVIEW_WORKER_FILE: worker.file }, { logger: firstLog.logger });
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
    });

    // Six renders on a busy two-core machine: the limit only catches a hang.
    it('render in the background on whichever instance is free, each design once', {
      timeout: 180_000,
    }, async () => {
      await seedDemoContent(t.db, t.files, t.app.log, DESIGNS);
      expect((await fileRows(t)).filter((f) => f.preview_key !== null)).toEqual([]);

      // Two instances start on the same database: both queue the missing previews.
      second = await buildApp({
        config: loadConfig({ DATA_DIR: t.dataDir, PREVIEW_WORKER_FILE: worker.file }),
        db: t.db,
        files: t.files,
        jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
        logger: secondLog.logger,
      });
      await second.ready();
      expect(await t.app.stlPreviews.fillMissing()).toBe(DESIGNS);
      expect(await second.stlPreviews.fillMissing()).toBe(DESIGNS);
      await t.app.stlPreviews.idle();

      const stls = (await fileRows(t)).filter((f) => f.kind === 'stl');
      expect(stls).toHaveLength(DESIGNS);
      for (const stl of stls) {
        expect(stl.preview_key).toMatch(/^images\/[0-9a-f-]{36}-preview\.webp$/);
        expect(await imageSize(t, stl.preview_key!)).toEqual({ format: 'webp', width: 1200, height: 900 });
        expect(await imageSize(t, stl.preview_card_key!)).toEqual({
          format: 'webp',
          width: 600,
          height: 450,
        });
      }
      // Both instances queued every design, yet a design is queued at most once beside the one
      // render of it in progress (which the second queueing may have met on either instance):
      // a job for each design, plus at most one for each design being rendered then.
      const { completed = 0, ...others } = await new JobsRepo(t.db).byState('stl_preview');
      expect(others).toEqual({});
      expect(completed).toBeGreaterThanOrEqual(DESIGNS);
      expect(completed).toBeLessThanOrEqual(DESIGNS + 2);
      // Progress is logged by whichever instance rendered, counted from the database: it starts
      // at nothing done and ends with the whole backlog done.
      const progress = [...firstLog.progress(), ...secondLog.progress()];
      expect(progress).toContain(`rendering STL previews: 0/${DESIGNS}`);
      expect(progress).toContain(`rendering STL previews: ${DESIGNS}/${DESIGNS}`);
      for (const line of progress)
        expect(line).toMatch(new RegExp(`^rendering STL previews: [0-${DESIGNS}]/${DESIGNS}$`));
      const warnings = [...firstLog.lines, ...secondLog.lines].filter((l) => l.level >= 40);
      expect(warnings).toEqual([]);
      expect(await second.stlPreviews.fillMissing()).toBe(0);
    });
  });
});
