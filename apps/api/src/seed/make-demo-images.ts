import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mediumImage } from '../lib/images/medium-image.ts';
import {
  AVATAR_VARIANTS,
  BANNER_VARIANTS,
  type ImageVariant,
  PHOTO_VARIANTS,
  processImage,
} from '../lib/images/process-image.ts';
import { DEMO_CREATORS, DEMO_DESIGNS } from './catalog.ts';
import { bannerMediumFile, type DemoImageManifest, expectedManifest, photoFile } from './demo-images.ts';
import { generateAvatar, generateBanner, generatePhoto } from './generators/photos.ts';
import { mapConcurrently } from './map-concurrently.ts';

/**
 * `npm run seed:images`: draws the demo pictures from the generators and writes them, as the WebP
 * files the app stores, with manifest.json into the folder given (apps/api/src/seed/demo-images).
 * Run it after changing the catalogue or the picture generators; the folder is replaced whole.
 */
async function main() {
  const out = process.argv[2];
  if (!out) throw new Error('Usage: node apps/api/dist/demo-images.js <folder>');
  const manifest = expectedManifest(DEMO_CREATORS, DEMO_DESIGNS);
  await rm(out, { recursive: true, force: true });
  for (const folder of ['designs', 'avatars', 'banners'])
    await mkdir(path.join(out, folder), { recursive: true });

  const started = Date.now();
  const photos = Object.entries(manifest.photos);
  let drawn = 0;
  // Drawing is SVG rasterising in sharp's thread pool: a few at once keep every core busy.
  await mapConcurrently(photos, 3, async ([name, inputs]) => {
    const variants = await processImage(await generatePhoto(inputs), PHOTO_VARIANTS);
    await writeFile(path.join(out, photoFile(name, 'gallery')), variants.gallery.data);
    const medium = await mediumImage(variants.gallery.data, 'photo');
    await writeFile(path.join(out, photoFile(name, 'medium')), medium.data);
    await writeFile(path.join(out, photoFile(name, 'card')), variants.card.data);
    drawn += 1;
    if (drawn % 10 === 0 || drawn === photos.length) console.log(`photos: ${drawn}/${photos.length}`);
  });
  for (const [file, inputs] of Object.entries(manifest.avatars)) {
    await writeImage(path.join(out, file), await generateAvatar(inputs), AVATAR_VARIANTS.avatar);
  }
  for (const [file, inputs] of Object.entries(manifest.banners)) {
    const banner = await writeImage(
      path.join(out, file),
      await generateBanner(inputs),
      BANNER_VARIANTS.banner,
    );
    await writeFile(path.join(out, bannerMediumFile(file)), (await mediumImage(banner, 'banner')).data);
  }
  await writeFile(path.join(out, 'manifest.json'), formatManifest(manifest));
  console.log(
    `Drew ${photos.length} photos and ${DEMO_CREATORS.length} avatars and banners in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

/** Writes the picture as the app stores it, and returns those bytes. */
async function writeImage(file: string, png: Buffer, variant: ImageVariant): Promise<Buffer> {
  const { image } = await processImage(png, { image: variant });
  await writeFile(file, image.data);
  return image.data;
}

/** One entry a line, so a change to the catalogue shows as a readable diff. */
function formatManifest(manifest: DemoImageManifest): string {
  const section = (entries: Record<string, unknown>) =>
    Object.entries(entries)
      .map(([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value)}`)
      .join(',\n');
  return `{\n${(Object.keys(manifest) as (keyof DemoImageManifest)[])
    .map((key) => `  ${JSON.stringify(key)}: {\n${section(manifest[key])}\n  }`)
    .join(',\n')}\n}\n`;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
