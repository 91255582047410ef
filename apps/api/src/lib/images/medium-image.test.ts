import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediumImage } from './medium-image.ts';
import { BANNER_VARIANTS, PHOTO_VARIANTS, processImage } from './process-image.ts';

/** A picture with something off centre, so another crop or a squashed copy would not match. */
const scene = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3080c0' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 3}" cy="${height / 2}" r="${height / 3}" fill="#e04040"/><rect x="${(width * 2) / 3}" y="0" width="${width / 6}" height="${height}" fill="#f0e020"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

/** Mean absolute difference per channel (0-255) of `medium` and `large` brought to medium's size. */
async function differenceFromLarge(medium: Buffer, large: Buffer): Promise<number> {
  const { width, height } = await sharp(medium).metadata();
  const [a, b] = await Promise.all([
    sharp(medium).removeAlpha().raw().toBuffer(),
    sharp(large).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer(),
  ]);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

const sizeOf = async (webp: Buffer) => {
  const { format, width, height } = await sharp(webp).metadata();
  return { format, width, height };
};

describe('mediumImage', () => {
  it("makes a photo's gallery picture at half size, the same whole picture, wide or tall", async () => {
    for (const [width, height, expected] of [
      [3200, 1600, { width: 800, height: 400 }],
      [1500, 3000, { width: 300, height: 600 }],
    ] as const) {
      const { gallery } = await processImage(await scene(width, height), PHOTO_VARIANTS);
      const medium = await mediumImage(gallery.data, 'photo');
      expect(await sizeOf(medium.data)).toEqual({ format: 'webp', ...expected });
      expect([medium.width, medium.height]).toEqual([expected.width, expected.height]);
      expect(await differenceFromLarge(medium.data, gallery.data)).toBeLessThan(3);
    }
  });

  it('makes a banner at 750 x 250 with the same crop as the 1500 x 500 one', async () => {
    const { banner } = await processImage(await scene(3000, 1800), BANNER_VARIANTS);
    const medium = await mediumImage(banner.data, 'banner');
    expect(await sizeOf(medium.data)).toEqual({ format: 'webp', width: 750, height: 250 });
    expect(await differenceFromLarge(medium.data, banner.data)).toBeLessThan(3);
    // Made from the upload instead, the crop would differ: the check above can tell.
    const fromUpload = await processImage(await scene(3000, 1200), BANNER_VARIANTS);
    expect(await differenceFromLarge(medium.data, fromUpload.banner.data)).toBeGreaterThan(10);
  });

  it("keeps a small banner's own crop: half of it, not a 3:1 cut of it", async () => {
    // An upload smaller than 1500 x 500 is cropped only where it is too tall, never enlarged.
    const { banner } = await processImage(await scene(1000, 800), BANNER_VARIANTS);
    expect([banner.width, banner.height]).toEqual([1000, 500]);
    const medium = await mediumImage(banner.data, 'banner');
    expect([medium.width, medium.height]).toEqual([500, 250]);
    expect(await differenceFromLarge(medium.data, banner.data)).toBeLessThan(3);
  });

  it('never enlarges a picture already smaller than the medium size', async () => {
    const { gallery } = await processImage(await scene(300, 200), PHOTO_VARIANTS);
    const medium = await mediumImage(gallery.data, 'photo');
    expect(await sizeOf(medium.data)).toEqual({ format: 'webp', width: 300, height: 200 });
  });

  it('refuses bytes that are not a picture', async () => {
    await expect(mediumImage(Buffer.from('not a picture at all'), 'photo')).rejects.toThrow();
  });
});
