import { randomUUID } from 'node:crypto';
import { analyzeMesh } from '@printmarket/mesh/analyzer';
import { parseMeshPositions } from '@printmarket/mesh/positions';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DesignFilesTable } from '../db/schema.ts';
import { analysisJson } from '../lib/models/analysis-json.ts';
import { buildPreviewMesh } from '../lib/preview-mesh/build-preview-mesh.ts';
import { previewMeshKey, publicContentType, publicImageKey } from '../lib/public-images.ts';
import { slugify } from '../lib/slug.ts';
import { previewImages } from '../lib/stl-render/preview-images.ts';
import { PREVIEW_SIZES, renderPreviewPng } from '../lib/stl-render/render-preview.ts';
import type { FileStore } from '../lib/storage/file-store.ts';
import { DEMO_CREATORS, DEMO_DESIGNS, DEMO_MAKERS, type DemoDesign } from './catalog.ts';
import {
  avatarFile,
  bannerFile,
  bannerMediumFile,
  modelSeed,
  photoFile,
  photoName,
  readDemoImage,
} from './demo-images.ts';
import { createRandom } from './generators/random.ts';
import { generateModel } from './generators/stl-models.ts';
import { mapConcurrently } from './map-concurrently.ts';
import { SeedRepo } from './seed-repo.ts';
import { TrackedFileStore } from './tracked-file-store.ts';

type Logger = Pick<FastifyBaseLogger, 'info'>;
const DAY_MS = 86_400_000;
type SeedFile = Omit<Insertable<DesignFilesTable>, 'design_id'>;

export type SeedOptions = {
  /** How many designs; beyond the catalogue's, designs reuse its stored files. */
  designs: number;
  /**
   * 'now': rendered while seeding, and shared by every design that reuses a catalogue model (the
   * CLI's thousands of designs). 'later': left without previews for the app's preview jobs
   * (`fillMissing`), which render each design's files, so at most the catalogue's designs.
   */
  previews: 'now' | 'later';
  /**
   * Told as each step of the work ends: the catalogue's files, the design rows, then the likes,
   * follows and planner statistics.
   */
  onProgress?: (progress: SeedProgress) => void;
};

export type SeedProgress = {
  phase: 'catalogue files' | 'designs' | 'finishing';
  done: number;
  total: number;
};

/**
 * Fills an empty shop with the demo creators, makers and designs, with their photos and models,
 * in a few seconds: the STL previews are left to the app's preview jobs, which render in the
 * background once the server listens (a design shows its photos meanwhile).
 *
 * Once per database, however many instances start together: the seed runs in one transaction
 * under an advisory lock and leaves a 'seeded' marker, so the others wait and then skip. A database
 * that already has people is marked without seeding. A seed that fails rolls its rows back and
 * removes the files it stored. Returns whether this call added the content.
 */
export async function seedDemoContent(
  db: Database,
  files: FileStore,
  log: Logger,
  // Tests seed part of the catalogue to keep their rendering short.
  designs: number = DEMO_DESIGNS.length,
): Promise<boolean> {
  const tracked = new TrackedFileStore(files);
  const started = Date.now();
  let seeded: boolean;
  try {
    seeded = await SeedRepo.underSeedLock(db, async (repo) => {
      if (await repo.isSeeded()) return false;
      const empty = await repo.isEmpty();
      if (empty) {
        log.info('empty database: adding demo content');
        await seedDemo(repo, tracked, { designs, previews: 'later' });
      }
      await repo.markSeeded();
      return empty;
    });
  } catch (err) {
    await tracked.removeWritten();
    throw err;
  }
  if (seeded) {
    await new SeedRepo(db).vacuumAnalyze();
    log.info({ ms: Date.now() - started, designs }, 'demo content added');
  }
  return seeded;
}

/**
 * Creators with avatars and banners, makers, and `designs` designs. Beyond the hand-written
 * catalogue (benchmarks ask for thousands), designs reuse the catalogue's stored files: several
 * design_files rows may then point at one storage key.
 */
export async function seedDemo(repo: SeedRepo, files: FileStore, options: SeedOptions): Promise<void> {
  const { designs: designCount, previews, onProgress } = options;
  if (previews === 'later' && designCount > DEMO_DESIGNS.length) {
    // Rows sharing one model would each get the same render, once per row.
    throw new Error(`previews can be left for later for at most ${DEMO_DESIGNS.length} designs`);
  }
  const random = createRandom(20_261_121);
  const creators = await repo.insertUsers(
    await Promise.all(
      DEMO_CREATORS.map(async (c) => ({
        username: c.username,
        name: c.name,
        email: `${c.username.toLowerCase()}@demo.printmarket.example`,
        // Demo accounts have no password: nobody can sign in as them.
        password_hash: null,
        bio: c.bio,
        location: c.location,
        social_links: JSON.stringify(c.social),
        profile_completed: true,
        profile_picture_key: await storeAvatar(files, avatarFile(c)),
        ...(await storeBanner(files, bannerFile(c))),
      })),
    ),
  );
  const makers = await repo.insertUsers(
    DEMO_MAKERS.map((username) => ({
      username,
      name: username,
      email: `${username.toLowerCase()}@demo.printmarket.example`,
      password_hash: null,
      profile_completed: true,
    })),
  );

  const catalogue = DEMO_DESIGNS.slice(0, Math.min(designCount, DEMO_DESIGNS.length));
  let stored = 0;
  // Encoding and file writes run off the event loop, so a few designs at once use every core.
  const catalogueFiles = await mapConcurrently(catalogue, 3, async (design, i) => {
    const rows = await storeDesignFiles(files, design, i, previews);
    stored += 1;
    onProgress?.({ phase: 'catalogue files', done: stored, total: catalogue.length });
    return rows;
  });

  const now = Date.now();
  const batch = 500;
  for (let start = 0; start < designCount; start += batch) {
    const count = Math.min(batch, designCount - start);
    const rows = Array.from({ length: count }, (_, k) => {
      const n = start + k;
      const design = DEMO_DESIGNS[n % DEMO_DESIGNS.length]!;
      const round = Math.floor(n / DEMO_DESIGNS.length);
      const name = round === 0 ? design.name : `${design.name} v${round + 1}`;
      const creator = creators[n % creators.length]!;
      const created =
        now - Math.floor((n / Math.max(designCount, 1)) * 90 * DAY_MS) - random.int(0, 3_600_000);
      return {
        user_id: creator.id,
        slug: slugify(name),
        name,
        description: design.description,
        category: design.category,
        tags: design.tags,
        settings: 'Layer height 0.2 mm, 3 walls, 15 % gyroid infill.',
        manufacturing_instructions: 'No supports needed. Print on a textured sheet for an easy release.',
        usages: design.tags.join(', '),
        is_paid: design.priceCents > 0,
        price_cents: design.priceCents,
        views: random.int(20, 5000),
        downloads: random.int(0, 800),
        created_at: new Date(created),
      };
    });
    await repo.insertDesigns(rows, (k) => catalogueFiles[(start + k) % catalogueFiles.length]!);
    onProgress?.({ phase: 'designs', done: start + count, total: designCount });
  }

  // Likes and follows from the makers, so every count on screen is backed by rows.
  const finishing = (done: number) => onProgress?.({ phase: 'finishing', done, total: 3 });
  finishing(0);
  const designs = await repo.designIds();
  const people = [...creators, ...makers];
  const likes = designs.flatMap((d) =>
    people.filter(() => random.next() < 0.3).map((p) => ({ user_id: p.id, design_id: d.id })),
  );
  await repo.likeAll(likes);
  finishing(1);
  await repo.follow(
    makers.flatMap((m) =>
      creators.filter(() => random.next() < 0.6).map((c) => ({ follower_id: m.id, followee_id: c.id })),
    ),
  );
  finishing(2);
  await repo.vacuumAnalyze();
  finishing(3);
}

/** The design's generated model, its analysis and its shipped photos, stored as an upload's are. */
async function storeDesignFiles(
  files: FileStore,
  design: DemoDesign,
  index: number,
  previews: SeedOptions['previews'],
): Promise<SeedFile[]> {
  const model = generateModel(design.kind, { seed: modelSeed(index), detail: design.detail });
  const stlKey = `stl/${randomUUID()}.stl`;
  await files.put(stlKey, model.stl, { contentType: 'model/stl' });
  const rows: SeedFile[] = [
    {
      kind: 'stl',
      name: `${slugify(design.name)}.stl`,
      storage_key: stlKey,
      card_key: null,
      size_bytes: model.stl.length,
      position: 0,
      // The same analysis an upload gets, so demo pages show dimensions and volumes too.
      analysis: JSON.stringify(analysisJson(analyzeMesh('stl', model.stl))),
      ...(previews === 'now' ? await storePreviews(files, model.stl) : {}),
    },
  ];
  for (let p = 0; p < design.photos; p++) {
    const name = photoName(design, p);
    const id = randomUUID();
    const galleryKey = publicImageKey('images', id, 'gallery');
    const mediumKey = publicImageKey('images', id, 'medium');
    const cardKey = publicImageKey('images', id, 'card');
    const gallery = await readDemoImage(photoFile(name, 'gallery'));
    await files.put(galleryKey, gallery, { contentType: 'image/webp' });
    await files.put(mediumKey, await readDemoImage(photoFile(name, 'medium')), { contentType: 'image/webp' });
    await files.put(cardKey, await readDemoImage(photoFile(name, 'card')), { contentType: 'image/webp' });
    rows.push({
      kind: 'image',
      name: `${slugify(design.name)}-${p + 1}.png`,
      storage_key: galleryKey,
      card_key: cardKey,
      medium_key: mediumKey,
      size_bytes: gallery.length,
      position: p,
    });
  }
  return rows;
}

/** The preview images and mesh the app's preview jobs would make of the model, made here and now. */
async function storePreviews(files: FileStore, stl: Buffer) {
  const positions = parseMeshPositions('stl', stl);
  const previews = await previewImages(await renderPreviewPng(positions, { ...PREVIEW_SIZES.gallery }));
  const previewId = randomUUID();
  const previewKey = publicImageKey('images', previewId, 'preview');
  const previewCardKey = publicImageKey('images', previewId, 'previewcard');
  await files.put(previewKey, previews.gallery, { contentType: 'image/webp' });
  await files.put(previewCardKey, previews.card, { contentType: 'image/webp' });
  const meshKey = previewMeshKey(previewId);
  const { glb } = await buildPreviewMesh(positions);
  await files.put(meshKey, Buffer.from(glb.buffer, glb.byteOffset, glb.byteLength), {
    contentType: publicContentType(meshKey),
  });
  return { preview_key: previewKey, preview_card_key: previewCardKey, preview_mesh_key: meshKey };
}

async function storeAvatar(files: FileStore, file: string) {
  const key = publicImageKey('avatars', randomUUID());
  await files.put(key, await readDemoImage(file), { contentType: 'image/webp' });
  return key;
}

/** The shipped banner and its half-size copy, under one id as an upload stores them. */
async function storeBanner(files: FileStore, file: string) {
  const id = randomUUID();
  const keys = {
    banner_image_key: publicImageKey('banners', id),
    banner_medium_key: publicImageKey('banners', id, 'medium'),
  };
  await files.put(keys.banner_image_key, await readDemoImage(file), { contentType: 'image/webp' });
  await files.put(keys.banner_medium_key, await readDemoImage(bannerMediumFile(file)), {
    contentType: 'image/webp',
  });
  return keys;
}
