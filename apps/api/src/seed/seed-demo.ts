import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DesignFilesTable } from '../db/schema.ts';
import {
  AVATAR_VARIANTS,
  BANNER_VARIANTS,
  type ImageVariant,
  PHOTO_VARIANTS,
  processImage,
} from '../lib/images/process-image.ts';
import { publicImageKey } from '../lib/public-images.ts';
import { slugify } from '../lib/slug.ts';
import { parseStlTriangles } from '../lib/stl/read-triangles.ts';
import { analyzeStl } from '../lib/stl/stl-analyzer.ts';
import { analysisJson, previewImages } from '../lib/stl-render/preview-images.ts';
import { PREVIEW_SIZES, renderPreviewPng } from '../lib/stl-render/render-preview.ts';
import type { FileStore } from '../lib/storage/file-store.ts';
import { DEMO_CREATORS, DEMO_DESIGNS, DEMO_MAKERS, type DemoDesign } from './catalog.ts';
import { generateAvatar, generateBanner, generatePhoto } from './generators/photos.ts';
import { createRandom } from './generators/random.ts';
import { generateModel } from './generators/stl-models.ts';
import { SeedRepo } from './seed-repo.ts';

type Logger = Pick<FastifyBaseLogger, 'info'>;
const DAY_MS = 86_400_000;
type SeedFile = Omit<Insertable<DesignFilesTable>, 'design_id'>;

/** Fills an empty shop with the demo creators, makers and designs. */
export async function seedDemoContent(db: Database, files: FileStore, log: Logger): Promise<void> {
  const repo = new SeedRepo(db);
  const started = Date.now();
  log.info('empty database: adding demo content');
  await seedDemo(repo, files, DEMO_DESIGNS.length);
  log.info({ ms: Date.now() - started, designs: DEMO_DESIGNS.length }, 'demo content added');
}

/**
 * Creators with avatars and banners, makers, and `designCount` designs. Beyond the hand-written
 * catalogue (benchmarks ask for thousands), designs reuse the catalogue's stored files: several
 * design_files rows may then point at one storage key.
 */
export async function seedDemo(repo: SeedRepo, files: FileStore, designCount: number): Promise<void> {
  const random = createRandom(20_261_121);
  const creators = await repo.insertUsers(
    await Promise.all(
      DEMO_CREATORS.map(async (c, i) => ({
        username: c.username,
        name: c.name,
        email: `${c.username.toLowerCase()}@demo.printmarket.example`,
        // Demo accounts have no password: nobody can sign in as them.
        password_hash: null,
        bio: c.bio,
        location: c.location,
        social_links: JSON.stringify(c.social),
        profile_completed: true,
        profile_picture_key: await storeImage(
          files,
          'avatars',
          await generateAvatar({ seed: i + 1, initials: initials(c.name) }),
          AVATAR_VARIANTS.avatar,
        ),
        banner_image_key: await storeImage(
          files,
          'banners',
          await generateBanner({ seed: i + 1 }),
          BANNER_VARIANTS.banner,
        ),
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

  // Rendering and encoding run in sharp's thread pool, so a few designs at once use every core.
  const catalogueFiles = await mapConcurrently(DEMO_DESIGNS, 3, (design, i) =>
    storeDesignFiles(files, design, i),
  );

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
  }

  // Likes and follows from the makers, so every count on screen is backed by rows.
  const designs = await repo.designIds();
  const people = [...creators, ...makers];
  const likes = designs.flatMap((d) =>
    people.filter(() => random.next() < 0.3).map((p) => ({ user_id: p.id, design_id: d.id })),
  );
  await repo.likeAll(likes);
  await repo.follow(
    makers.flatMap((m) =>
      creators.filter(() => random.next() < 0.6).map((c) => ({ follower_id: m.id, followee_id: c.id })),
    ),
  );
  await repo.vacuumAnalyze();
}

async function storeDesignFiles(files: FileStore, design: DemoDesign, index: number) {
  const model = generateModel(design.kind, { seed: index + 1, detail: design.detail });
  const stlKey = `stl/${randomUUID()}.stl`;
  await files.put(stlKey, model.stl, { contentType: 'model/stl' });
  // The same analysis and previews an upload gets, so demo pages show dimensions and renders too.
  const previews = await previewImages(
    await renderPreviewPng(parseStlTriangles(model.stl), { ...PREVIEW_SIZES.gallery }),
  );
  const previewId = randomUUID();
  const previewKey = publicImageKey('images', previewId, 'preview');
  const previewCardKey = publicImageKey('images', previewId, 'previewcard');
  await files.put(previewKey, previews.gallery, { contentType: 'image/webp' });
  await files.put(previewCardKey, previews.card, { contentType: 'image/webp' });
  const rows: SeedFile[] = [
    {
      kind: 'stl',
      name: `${slugify(design.name)}.stl`,
      storage_key: stlKey,
      card_key: null,
      size_bytes: model.stl.length,
      position: 0,
      analysis: JSON.stringify(analysisJson(analyzeStl(model.stl))),
      preview_key: previewKey,
      preview_card_key: previewCardKey,
    },
  ];
  for (let p = 0; p < design.photos; p++) {
    const png = await generatePhoto({
      seed: index * 10 + p + 1,
      modelSeed: index + 1,
      title: design.name,
      kind: design.kind,
      // Large enough for the gallery on most screens, and half the rendering work of 1600 px.
      width: 1200,
      height: 900,
    });
    const id = randomUUID();
    const variants = await processImage(png, PHOTO_VARIANTS);
    const galleryKey = publicImageKey('images', id, 'gallery');
    const cardKey = publicImageKey('images', id, 'card');
    await files.put(galleryKey, variants.gallery.data, { contentType: 'image/webp' });
    await files.put(cardKey, variants.card.data, { contentType: 'image/webp' });
    rows.push({
      kind: 'image',
      name: `${slugify(design.name)}-${p + 1}.png`,
      storage_key: galleryKey,
      card_key: cardKey,
      size_bytes: variants.gallery.data.length,
      position: p,
    });
  }
  return rows;
}

async function storeImage(
  files: FileStore,
  prefix: 'avatars' | 'banners',
  png: Buffer,
  variant: ImageVariant,
) {
  const { image } = await processImage(png, { image: variant });
  const key = publicImageKey(prefix, randomUUID());
  await files.put(key, image.data, { contentType: 'image/webp' });
  return key;
}

async function mapConcurrently<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}
