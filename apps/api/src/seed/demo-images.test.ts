import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediumImage } from '../lib/images/medium-image.ts';
import { AVATAR_VARIANTS, PHOTO_VARIANTS, processImage } from '../lib/images/process-image.ts';
import { DEMO_CREATORS, DEMO_DESIGNS } from './catalog.ts';
import {
  avatarFile,
  avatarInputs,
  bannerFile,
  bannerMediumFile,
  demoImagesDir,
  expectedManifest,
  photoFile,
  photoInputs,
  photoName,
  readDemoImage,
} from './demo-images.ts';
import { generateAvatar, generatePhoto } from './generators/photos.ts';

/**
 * The shipped demo pictures are what `npm run seed:images` draws from the catalogue: a change to
 * either without drawing them again fails here.
 */
describe('shipped demo pictures', () => {
  const dir = demoImagesDir();

  it('are listed in a manifest that matches the catalogue', async () => {
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
    expect(manifest).toEqual(expectedManifest(DEMO_CREATORS, DEMO_DESIGNS));
  });

  it('are exactly the files the manifest names', async () => {
    const manifest = expectedManifest(DEMO_CREATORS, DEMO_DESIGNS);
    const expected = [
      'manifest.json',
      ...Object.keys(manifest.photos).flatMap((name) => [
        photoFile(name, 'gallery'),
        photoFile(name, 'medium'),
        photoFile(name, 'card'),
      ]),
      ...Object.keys(manifest.avatars),
      ...Object.keys(manifest.banners).flatMap((file) => [file, bannerMediumFile(file)]),
    ].sort();
    const found = (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
    expect(found).toEqual(expected);
  });

  it('hold the photos and banners as the app stores them: gallery, medium and 4:3 card; banner and its half', async () => {
    const name = photoName(DEMO_DESIGNS[0]!, 0);
    expect(await sharp(await readDemoImage(photoFile(name, 'gallery'))).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 900,
    });
    expect(await sharp(await readDemoImage(photoFile(name, 'medium'))).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 600,
    });
    const banner = bannerFile(DEMO_CREATORS[0]!);
    expect(await sharp(await readDemoImage(banner)).metadata()).toMatchObject({ width: 1500, height: 500 });
    expect(await sharp(await readDemoImage(bannerMediumFile(banner))).metadata()).toMatchObject({
      format: 'webp',
      width: 750,
      height: 250,
    });
    expect(await sharp(await readDemoImage(photoFile(name, 'card'))).metadata()).toMatchObject({
      format: 'webp',
      width: 600,
      height: 450,
    });
  });

  it('show what the generators draw for their design and creator', { timeout: 60_000 }, async () => {
    // The last design: a reordered or lengthened catalogue moves it first.
    const index = DEMO_DESIGNS.length - 1;
    const design = DEMO_DESIGNS[index]!;
    const drawn = await processImage(await generatePhoto(photoInputs(design, index, 0)), PHOTO_VARIANTS);
    const shipped = await readDemoImage(photoFile(photoName(design, 0), 'gallery'));
    expect(await meanDifference(drawn.gallery.data, shipped)).toBeLessThan(2);
    // Another design's photo is far from it: the comparison can tell pictures apart.
    const other = await readDemoImage(photoFile(photoName(DEMO_DESIGNS[0]!, 0), 'gallery'));
    expect(await meanDifference(drawn.gallery.data, other)).toBeGreaterThan(10);
    // Its medium is the gallery picture made smaller, as an upload's is.
    const medium = await mediumImage(shipped, 'photo');
    const shippedMedium = await readDemoImage(photoFile(photoName(design, 0), 'medium'));
    expect(await meanDifference(medium.data, shippedMedium)).toBeLessThan(2);

    const creator = DEMO_CREATORS[1]!;
    const avatar = await processImage(await generateAvatar(avatarInputs(creator, 1)), {
      image: AVATAR_VARIANTS.avatar,
    });
    expect(await meanDifference(avatar.image.data, await readDemoImage(avatarFile(creator)))).toBeLessThan(2);
  });
});

/** Mean absolute difference per channel (0-255) of two pictures, compared at a small common size. */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const pixels = (image: Buffer) =>
    sharp(image).resize(160, 120, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([pixels(a), pixels(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}
