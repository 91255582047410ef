import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { slugify } from '../lib/slug.ts';
import type { DemoCreator, DemoDesign } from './catalog.ts';
import type { PhotoOptions } from './generators/photos.ts';

/**
 * The demo content's pictures (design photos, avatars, banners) ship ready-made in demo-images/,
 * as the WebP files an upload of them would store, medium sizes included: drawing them takes over
 * a second each (about 60 of them), and even the medium sizes alone take seconds to encode, which
 * a first start cannot wait for. `npm run seed:images` draws them again from
 * the generators with the inputs below and writes manifest.json, which a test compares with
 * the catalogue so that the two cannot drift apart.
 */

export type PhotoVariant = 'gallery' | 'medium' | 'card';

/** Every picture's generator inputs, by photo name or file name inside demo-images/. */
export type DemoImageManifest = {
  photos: Record<string, Required<PhotoOptions>>;
  avatars: Record<string, { seed: number; initials: string }>;
  banners: Record<string, { seed: number }>;
};

/**
 * What the photo of `design` (at `index` in the catalogue) number `photo` is drawn from. The model
 * seed is the one its STL is generated with, so the photo shows the model that is downloaded.
 */
export function photoInputs(design: DemoDesign, index: number, photo: number): Required<PhotoOptions> {
  return {
    seed: index * 10 + photo + 1,
    modelSeed: modelSeed(index),
    title: design.name,
    kind: design.kind,
    // Large enough for the gallery on most screens, and half the rendering work of 1600 px.
    width: 1200,
    height: 900,
  };
}

/** The seed the STL of the catalogue's design at `index` is generated with. */
export const modelSeed = (index: number) => index + 1;

/** A photo's name; its files are `${name}-gallery.webp`, `${name}-medium.webp` and `${name}-card.webp`. */
export const photoName = (design: DemoDesign, photo: number) =>
  `designs/${slugify(design.name)}-${photo + 1}`;
export const photoFile = (name: string, variant: PhotoVariant) => `${name}-${variant}.webp`;
export const avatarFile = (creator: DemoCreator) => `avatars/${creator.username.toLowerCase()}.webp`;
export const bannerFile = (creator: DemoCreator) => `banners/${creator.username.toLowerCase()}.webp`;
/** The half-size copy of the banner in `file` (as bannerFile names it). */
export const bannerMediumFile = (file: string) => file.replace(/\.webp$/, '-medium.webp');

export function avatarInputs(creator: DemoCreator, index: number) {
  return { seed: index + 1, initials: initials(creator.name) };
}

export function bannerInputs(_creator: DemoCreator, index: number) {
  return { seed: index + 1 };
}

/** The manifest the catalogue implies: what `npm run seed:images` writes, and tests expect. */
export function expectedManifest(creators: DemoCreator[], designs: DemoDesign[]): DemoImageManifest {
  const manifest: DemoImageManifest = { photos: {}, avatars: {}, banners: {} };
  designs.forEach((design, index) => {
    for (let p = 0; p < design.photos; p++)
      manifest.photos[photoName(design, p)] = photoInputs(design, index, p);
  });
  creators.forEach((creator, index) => {
    manifest.avatars[avatarFile(creator)] = avatarInputs(creator, index);
    manifest.banners[bannerFile(creator)] = bannerInputs(creator, index);
  });
  return manifest;
}

/**
 * The demo-images folder. From source it sits beside this module; the build copies it to
 * apps/api/dist/demo-images, and this module may have been bundled into a file in dist/ or into a
 * chunk in dist/chunks/: both places are looked at.
 */
export function demoImagesDir(moduleUrl: string = import.meta.url): string {
  const candidates = [new URL('./demo-images/', moduleUrl), new URL('../demo-images/', moduleUrl)];
  const found = candidates.find((url) => existsSync(fileURLToPath(url))) ?? candidates[0]!;
  return fileURLToPath(found);
}

/** One shipped picture's bytes; `file` as photoFile, avatarFile or bannerFile name it. */
export function readDemoImage(file: string, dir: string = demoImagesDir()): Promise<Buffer> {
  return readFile(`${dir}${file}`);
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}
