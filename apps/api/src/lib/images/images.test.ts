import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bmpHeaders,
  makeBitfieldsBmp,
  makeBmp,
  makeBombPng,
  makePalettedBmp,
  type Rgba,
} from '../../test/image-fixtures.ts';
import { BmpDecodeError, decodeBmp } from './bmp.ts';
import {
  AVATAR_VARIANTS,
  IMAGE_MESSAGES,
  ImageRejectedError,
  type ImageRejection,
  MAX_INPUT_PIXELS,
  PHOTO_VARIANTS,
  processImage,
} from './process-image.ts';
import { sniffImageType } from './sniff-image.ts';

const RED: Rgba = [220, 30, 30, 255];
const GREEN: Rgba = [30, 200, 60, 255];
const BLUE: Rgba = [30, 60, 220, 255];
const YELLOW: Rgba = [240, 220, 40, 255];

/** Four flat quadrants, so a flipped or channel-swapped decode shows up at once. */
const quadrants = (size: number) => (x: number, y: number) =>
  y < size / 2 ? (x < size / 2 ? RED : GREEN) : x < size / 2 ? BLUE : YELLOW;

const scene = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3080c0' } }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#e04040"/></svg>`,
      ),
    },
  ]);

async function expectRejected(work: Promise<unknown>, reason: ImageRejection, message: string) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  expect(error).toMatchObject({ reason, message });
}

async function pixelAt(webp: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(webp).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

const isWebp = (data: Buffer) =>
  data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'images-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('sniffImageType', () => {
  it('recognises the accepted formats by content', async () => {
    const image = scene(8, 8);
    expect(sniffImageType(await image.clone().png().toBuffer())).toBe('png');
    expect(sniffImageType(await image.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await image.clone().gif().toBuffer())).toBe('gif');
    expect(sniffImageType(makeBmp(24, { width: 2, height: 2, pixel: () => RED }))).toBe('bmp');
  });

  it('refuses everything else, whatever it claims to be', async () => {
    const image = scene(8, 8);
    expect(sniffImageType(await image.clone().webp().toBuffer())).toBeNull();
    expect(sniffImageType(await image.clone().tiff().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0', 'latin1'))).toBeNull();
    expect(
      sniffImageType(Buffer.from('MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff\0\0\xb8\0', 'latin1')),
    ).toBeNull();
    expect(sniffImageType(Buffer.from('BM is not a bitmap, just text'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const type = sniffImageType(Buffer.from(bytes));
        expect([null, 'png', 'jpeg', 'gif', 'bmp']).toContain(type);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('processImage', () => {
  it('makes WebP card and gallery variants of a PNG without enlarging', async () => {
    const out = await processImage(await scene(2000, 1000).png().toBuffer(), PHOTO_VARIANTS);
    expect(isWebp(out.card.data)).toBe(true);
    expect([out.card.width, out.card.height]).toEqual([600, 450]);
    expect([out.gallery.width, out.gallery.height]).toEqual([1600, 800]);

    const small = await processImage(await scene(300, 200).png().toBuffer(), PHOTO_VARIANTS);
    expect([small.gallery.width, small.gallery.height]).toEqual([300, 200]);
    expect(small.card.width).toBeLessThanOrEqual(300);
  });

  it('reads a temp file by path', async () => {
    const path = join(dir, 'upload.tmp');
    await writeFile(path, await scene(512, 512).jpeg().toBuffer());
    const out = await processImage(path, AVATAR_VARIANTS);
    expect([out.avatar.width, out.avatar.height]).toEqual([256, 256]);
  });

  it('strips EXIF, including the GPS position, from a JPEG', async () => {
    const jpeg = await scene(800, 600)
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Secret Photographer', Copyright: 'Home address 12' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .toBuffer();
    const inputExif = (await sharp(jpeg).metadata()).exif;
    // Tag 0x8825 is the pointer to the GPS directory; the fixture must really carry one.
    expect(inputExif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(jpeg.includes('Secret Photographer')).toBe(true);

    const out = await processImage(jpeg, PHOTO_VARIANTS);
    for (const variant of [out.card, out.gallery]) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(variant.data.includes('Exif')).toBe(false);
      expect(variant.data.includes('Secret Photographer')).toBe(false);
    }
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Orientation 6: the camera was held rotated; viewers turn the 400x200 pixels into 200x400.
    const jpeg = await scene(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await processImage(jpeg, { full: { width: 1000, height: 1000, fit: 'inside' } });
    expect([out.full.width, out.full.height]).toEqual([200, 400]);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 20, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);

    const out = await processImage(gif, { still: { width: 40, height: 40, fit: 'inside' } });
    expect([out.still.width, out.still.height]).toEqual([40, 20]);
    expect((await sharp(out.still.data).metadata()).pages ?? 1).toBe(1);
    const [r, g, b] = await pixelAt(out.still.data, 20, 10);
    expect(r).toBeGreaterThan(200);
    expect(g! + b!).toBeLessThan(60);
  });

  it.each([
    ['24-bit bottom-up', makeBmp(24, { width: 64, height: 64, pixel: quadrants(64) })],
    ['32-bit top-down', makeBmp(32, { width: 64, height: 64, pixel: quadrants(64), topDown: true })],
  ])('decodes a hand-written %s BMP with its colours in place', async (_, bmp) => {
    const out = await processImage(bmp, { full: { width: 64, height: 64, fit: 'inside' } });
    expect([out.full.width, out.full.height]).toEqual([64, 64]);
    const corners: [number, number, Rgba][] = [
      [16, 16, RED],
      [48, 16, GREEN],
      [16, 48, BLUE],
      [48, 48, YELLOW],
    ];
    for (const [x, y, colour] of corners) {
      const actual = await pixelAt(out.full.data, x, y);
      const worst = Math.max(...actual.map((value, channel) => Math.abs(value - colour[channel]!)));
      expect(worst).toBeLessThanOrEqual(16);
    }
  });

  it('refuses an executable, even when it was named like an image', async () => {
    const elf = Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\0', 'latin1'), Buffer.alloc(4096, 0x90)]);
    const path = join(dir, 'holiday.png');
    await writeFile(path, elf);
    await expectRejected(
      processImage(path, PHOTO_VARIANTS),
      'unsupported-type',
      IMAGE_MESSAGES.unsupportedType,
    );
    await expectRejected(
      processImage(elf, PHOTO_VARIANTS),
      'unsupported-type',
      IMAGE_MESSAGES.unsupportedType,
    );
  });

  it('refuses SVG and WebP', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expectRejected(
      processImage(svg, AVATAR_VARIANTS),
      'unsupported-type',
      IMAGE_MESSAGES.unsupportedType,
    );
    const webp = await scene(20, 20).webp().toBuffer();
    await expectRejected(
      processImage(webp, AVATAR_VARIANTS),
      'unsupported-type',
      IMAGE_MESSAGES.unsupportedType,
    );
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = makeBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    // Refused from the size its header declares (sharp's input pixel limit), before any decoding.
    await expectRejected(processImage(bomb, PHOTO_VARIANTS), 'too-large', IMAGE_MESSAGES.tooLarge);
  });

  it('refuses a BMP declaring more pixels than the limit without allocating them', async () => {
    const header = bmpHeaders({
      width: 100_000,
      height: 100_000,
      bitsPerPixel: 24,
      compression: 0,
      dataOffset: 54,
      size: 0,
    });
    await expectRejected(processImage(header, AVATAR_VARIANTS), 'too-large', IMAGE_MESSAGES.tooLarge);
    expect(100_000 * 100_000).toBeGreaterThan(MAX_INPUT_PIXELS);
  });

  it.each([
    ['JPEG', () => scene(600, 400).jpeg().toBuffer()],
    ['PNG', () => scene(600, 400).png().toBuffer()],
    ['BMP', async () => makeBmp(24, { width: 64, height: 64, pixel: quadrants(64) })],
  ])('refuses a truncated %s', async (_, make) => {
    const whole = await make();
    const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
    await expectRejected(processImage(truncated, PHOTO_VARIANTS), 'unreadable', IMAGE_MESSAGES.unreadable);
  });

  it('refuses a compressed BMP it cannot decode with a clear message', async () => {
    const rle8 = Buffer.concat([
      bmpHeaders({ width: 4, height: 4, bitsPerPixel: 8, compression: 1, dataOffset: 54, size: 16 }),
      Buffer.alloc(16),
    ]);
    await expectRejected(
      processImage(rle8, AVATAR_VARIANTS),
      'unsupported-type',
      IMAGE_MESSAGES.unsupportedBmp,
    );
  });
});

describe('decodeBmp', () => {
  it('reads 8-bit paletted pixels exactly', () => {
    const palette: Rgba[] = [RED, GREEN, BLUE];
    const bmp = makePalettedBmp(5, 3, palette, (x, y) => (x + y) % 3);
    const { data, width, height } = decodeBmp(bmp, MAX_INPUT_PIXELS);
    expect([width, height]).toEqual([5, 3]);
    for (let y = 0; y < 3; y++) {
      for (let x = 0; x < 5; x++) {
        const at = (y * 5 + x) * 4;
        expect([...data.subarray(at, at + 4)]).toEqual(palette[(x + y) % 3]);
      }
    }
  });

  it('honours BI_BITFIELDS masks and keeps real alpha', () => {
    const pixel = (x: number, y: number): Rgba => [x * 40, y * 40, 200, x === 0 ? 0 : 128];
    const { data } = decodeBmp(makeBitfieldsBmp(4, 3, pixel), MAX_INPUT_PIXELS);
    expect([...data.subarray(0, 4)]).toEqual(pixel(0, 0));
    const at = (2 * 4 + 3) * 4;
    expect([...data.subarray(at, at + 4)]).toEqual(pixel(3, 2));
  });

  it('treats an all-zero fourth byte of a 32-bit BI_RGB file as opaque', () => {
    const bmp = makeBmp(32, { width: 3, height: 2, pixel: () => [10, 20, 30, 0] });
    const { data } = decodeBmp(bmp, MAX_INPUT_PIXELS);
    expect([...data.subarray(0, 4)]).toEqual([10, 20, 30, 255]);
  });

  it('names the reason when it refuses', () => {
    const tooLarge = bmpHeaders({
      width: 9000,
      height: 9000,
      bitsPerPixel: 24,
      compression: 0,
      dataOffset: 54,
      size: 0,
    });
    expect(() => decodeBmp(tooLarge, MAX_INPUT_PIXELS)).toThrow(BmpDecodeError);
    expect(() => decodeBmp(tooLarge, MAX_INPUT_PIXELS)).toThrow(/exceeds/);
    const zeroWidth = bmpHeaders({
      width: 0,
      height: 5,
      bitsPerPixel: 24,
      compression: 0,
      dataOffset: 54,
      size: 0,
    });
    expect(() => decodeBmp(zeroWidth, MAX_INPUT_PIXELS)).toThrow(/impossible dimensions/);
  });

  it('never throws anything but BmpDecodeError on damaged headers', () => {
    const valid = makeBmp(24, { width: 6, height: 5, pixel: quadrants(6) });
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 53 }), fc.integer({ min: 0, max: 255 }), (offset, value) => {
        const damaged = Buffer.from(valid);
        damaged[offset] = value;
        try {
          decodeBmp(damaged, MAX_INPUT_PIXELS);
        } catch (error) {
          expect(error).toBeInstanceOf(BmpDecodeError);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
