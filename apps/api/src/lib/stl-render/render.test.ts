import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseMeshPositions } from '@printmarket/mesh/positions';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateModel, type ModelKind } from '../../seed/generators/stl-models.ts';
import { type RasterOptions, rasterize } from './rasterize.ts';
import { torusPositions } from './render-fixtures.ts';
import { PREVIEW_SIZES, renderPreview, renderPreviewPng } from './render-preview.ts';

/** Renders worth a look by a person land here (the tests assert what can be measured). */
const OUT_DIR = path.join(os.tmpdir(), 'printmarket-render-preview');
const WHITE = [255, 255, 255, 255] as const;
const CARD = PREVIEW_SIZES.card;

const model = (kind: ModelKind, seed = 2) =>
  parseMeshPositions('stl', generateModel(kind, { seed, detail: 0.3 }).stl);

async function decode(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Share of pixels, centroid and box of everything that is not the white background. */
function coverage(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number) {
  let count = 0;
  let sumX = 0;
  let sumY = 0;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (pixels[o]! + pixels[o + 1]! + pixels[o + 2]! >= 3 * 250) continue;
      count++;
      sumX += x;
      sumY += y;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return {
    share: count / (width * height),
    centre: [sumX / count / width, sumY / count / height],
    box: { left, right, top, bottom },
  };
}

/** Share of pixels that differ by more than a little in any channel. */
function difference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let differing = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.max(...[0, 1, 2, 3].map((c) => Math.abs(a[i + c]! - b[i + c]!))) > 8) differing++;
  }
  return differing / (a.length / 4);
}

const flat = (options: Partial<RasterOptions> = {}): RasterOptions => ({
  ...CARD,
  background: WHITE,
  shadow: false,
  ...options,
});

describe('preview renders of real meshes', () => {
  mkdirSync(OUT_DIR, { recursive: true });

  it.each<ModelKind>(['rook', 'gear', 'torus-ring', 'spring', 'terrain-tile', 'star-box'])(
    '%s: asked size, framed in the middle, lit',
    async (kind) => {
      const positions = model(kind);
      const png = await renderPreviewPng(positions, CARD);
      writeFileSync(`${OUT_DIR}/${kind}.png`, png);
      const image = await decode(png);
      expect([image.width, image.height, image.channels]).toEqual([CARD.width, CARD.height, 4]);

      const measured = await decode(await renderPreviewPng(positions, flat()));
      const { share, centre, box } = coverage(measured.data, measured.width, measured.height);
      expect(share).toBeGreaterThan(0.15);
      expect(share).toBeLessThan(0.8);
      // Framed on the projected extents: equal borders left/right and top/bottom.
      expect(Math.abs(box.left - (CARD.width - 1 - box.right))).toBeLessThanOrEqual(3);
      expect(Math.abs(box.top - (CARD.height - 1 - box.bottom))).toBeLessThanOrEqual(3);
      expect(box.top).toBeGreaterThan(10);
      expect(centre[0]).toBeGreaterThan(0.35);
      expect(centre[0]).toBeLessThan(0.65);
      expect(centre[1]).toBeGreaterThan(0.3);
      expect(centre[1]).toBeLessThan(0.7);

      // Shaded, not a silhouette: the model's own pixels span a wide range of brightness.
      const levels = new Set<number>();
      let darkest = 255;
      let brightest = 0;
      for (let i = 0; i < measured.data.length; i += 4) {
        const grey = Math.round((measured.data[i]! + measured.data[i + 1]! + measured.data[i + 2]!) / 3);
        if (grey >= 250) continue;
        levels.add(grey);
        darkest = Math.min(darkest, grey);
        brightest = Math.max(brightest, grey);
      }
      expect(brightest - darkest).toBeGreaterThan(60);
      expect(levels.size).toBeGreaterThan(30);
    },
  );

  it('turns with the azimuth', async () => {
    // A random landscape: no rotational symmetry to hide the turn.
    const positions = model('terrain-tile');
    const front = rasterize(positions, flat({ azimuthDeg: 45 }));
    const side = rasterize(positions, flat({ azimuthDeg: 135 }));
    expect(difference(front, side)).toBeGreaterThan(0.05);
    writeFileSync(
      `${OUT_DIR}/terrain-tile-azimuth-135.png`,
      await renderPreviewPng(positions, { ...CARD, azimuthDeg: 135 }),
    );
  });

  it('lights a mesh with inverted winding like the correct one (normals from vertex order, two-sided)', () => {
    const positions = model('rook');
    const inverted = positions.slice();
    for (let o = 0; o < inverted.length; o += 9) {
      inverted.copyWithin(o + 3, o + 6, o + 9);
      inverted.set(positions.subarray(o + 3, o + 6), o + 6);
    }
    expect(difference(rasterize(positions, flat()), rasterize(inverted, flat()))).toBeLessThan(0.002);
  });

  it('casts a soft shadow on the floor under the model', () => {
    const positions = torusPositions(20_000);
    const lit = rasterize(positions, { ...CARD, background: WHITE });
    const plain = rasterize(positions, flat());
    const { box } = coverage(plain, CARD.width, CARD.height);
    // Just below the lowest point of the torus, in the middle: floor only.
    const o = ((box.bottom + 4) * CARD.width + Math.round((box.left + box.right) / 2)) * 4;
    expect(plain[o]).toBe(255);
    expect(lit[o]!).toBeLessThan(235);
  });

  it('stores WebP at the gallery size by default', async () => {
    const webp = await renderPreview(model('twisted-vase'), PREVIEW_SIZES.gallery);
    expect(webp.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const meta = await sharp(webp).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 900]);
    writeFileSync(`${OUT_DIR}/twisted-vase-gallery.webp`, webp);
  });
});

describe('awkward input', () => {
  const square = (z: (x: number, y: number) => number, offset = 0, scale = 1) => {
    const corner = (x: number, y: number) => [
      x * scale + offset,
      y * scale + offset,
      z(x, y) * scale + offset,
    ];
    return new Float32Array([
      ...corner(0, 0),
      ...corner(10, 0),
      ...corner(10, 10),
      ...corner(0, 0),
      ...corner(10, 10),
      ...corner(0, 10),
    ]);
  };

  it('an empty model gives the background', () => {
    const pixels = rasterize(new Float32Array(0), flat());
    expect(pixels.every((v) => v === 255)).toBe(true);
  });

  it('a single triangle fills a fair part of the frame', () => {
    const pixels = rasterize(new Float32Array([0, 0, 0, 20, 0, 0, 0, 20, 5]), flat());
    expect(coverage(pixels, CARD.width, CARD.height).share).toBeGreaterThan(0.1);
  });

  it('degenerate triangles (points, lines) draw nothing and do not crash', () => {
    const points = new Float32Array([1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 2, 2, 2]);
    expect(rasterize(points, flat()).every((v) => v === 255)).toBe(true);
  });

  it('a flat model (zero height) is drawn as a plate', () => {
    const plate = rasterize(
      square(() => 0),
      flat(),
    );
    const { share } = coverage(plate, CARD.width, CARD.height);
    expect(share).toBeGreaterThan(0.15);
  });

  it('huge coordinates far from the origin frame like small ones', () => {
    const hill = (x: number, y: number) => (x + y) / 4;
    const near = coverage(rasterize(square(hill), flat()), CARD.width, CARD.height);
    const far = coverage(rasterize(square(hill, 3e7, 1e3), flat()), CARD.width, CARD.height);
    const enormous = coverage(rasterize(square(hill, 0, 1e36), flat()), CARD.width, CARD.height);
    for (const other of [far, enormous]) {
      expect(Math.abs(other.share - near.share)).toBeLessThan(0.01);
      expect(other.box).toEqual(near.box);
    }
  });

  it('ignores triangles with NaN or infinite coordinates and a trailing partial triangle', () => {
    const good = model('gear');
    const bad = new Float32Array(good.length + 9 * 3 + 4);
    bad.set(good);
    bad.set([Number.NaN, 0, 0, 1, 1, 1, 2, 0, 0], good.length);
    bad.set([0, 0, Number.POSITIVE_INFINITY, 1e3, 0, 0, 0, 1e3, 0], good.length + 9);
    bad.set([-Number.MAX_VALUE, 0, 0, 0, 0, 0, 0, 1, 1], good.length + 18);
    bad.set([5, 5, 5, 5], good.length + 27);
    // -MAX_VALUE becomes -Infinity in float32, so all three extra triangles are dropped.
    expect(difference(rasterize(good, flat()), rasterize(bad, flat()))).toBe(0);
  });

  it('refuses sizes it cannot render', () => {
    expect(() => rasterize(model('gear'), flat({ width: 0 }))).toThrow(RangeError);
    expect(() => rasterize(model('gear'), flat({ height: 1.5 }))).toThrow(RangeError);
    expect(() => rasterize(model('gear'), flat({ width: 100_000 }))).toThrow(RangeError);
  });

  it('renders a one-pixel picture', () => {
    expect(rasterize(model('gear'), { width: 1, height: 1 })).toHaveLength(4);
  });
});
