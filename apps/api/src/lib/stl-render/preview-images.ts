import { loadSharp } from '../images/load-sharp.ts';
import { PREVIEW_SIZES } from './render-preview.ts';

const PREVIEW_QUALITY = 82;

/**
 * The two stored previews of a model from one lossless gallery-size render: the gallery picture
 * and the card, the same picture at half size (both 4:3).
 */
export async function previewImages(galleryPng: Buffer): Promise<{ gallery: Buffer; card: Buffer }> {
  const sharp = await loadSharp();
  const [gallery, card] = await Promise.all([
    sharp(galleryPng).webp({ quality: PREVIEW_QUALITY }).toBuffer(),
    sharp(galleryPng)
      .resize(PREVIEW_SIZES.card.width, PREVIEW_SIZES.card.height)
      .webp({ quality: PREVIEW_QUALITY })
      .toBuffer(),
  ]);
  return { gallery, card };
}
