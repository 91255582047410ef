import { loadSharp } from './load-sharp.ts';
import { type ImageVariant, MAX_INPUT_PIXELS, type ProcessedImage, WEBP_QUALITY } from './process-image.ts';

/**
 * The middle sizes, for phones: half of a photo's gallery picture (1600 x 1200 at most) and half
 * of a banner (1500 x 500). `inside` keeps the whole of the large picture, so a medium is the same
 * picture smaller and never another crop.
 */
export const MEDIUM_VARIANTS = {
  photo: { width: 800, height: 600, fit: 'inside' },
  banner: { width: 750, height: 250, fit: 'inside' },
} as const satisfies Record<string, ImageVariant>;

export type MediumKind = keyof typeof MEDIUM_VARIANTS;

/**
 * The medium of a large rendition as stored (WebP). Made from that rendition rather than from the
 * upload: a banner's crop depends on the upload's size (a small upload is cropped less, never
 * enlarged), and only this way does the medium keep it. Uploads and the backfill of older rows
 * both make it so, and get the same picture.
 */
export async function mediumImage(large: Buffer, kind: MediumKind): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const { width, height, fit } = MEDIUM_VARIANTS[kind];
  const { data, info } = await sharp(large, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .resize({ width, height, fit, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
