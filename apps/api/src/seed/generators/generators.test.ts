import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateAvatar, generateBanner, generatePhoto } from './photos.ts';
import { generateModel, MODEL_KINDS, triangleBudget } from './stl-models.ts';

type ParsedStl = { count: number; normals: Float32Array; vertices: Float32Array };

/** Reads a binary STL the way a slicer would, without trusting our own mesh types. */
function parseBinaryStl(stl: Buffer): ParsedStl {
  const count = stl.readUInt32LE(80);
  expect(stl.length).toBe(84 + 50 * count);
  const normals = new Float32Array(count * 3);
  const vertices = new Float32Array(count * 9);
  let attributes = 0;
  for (let i = 0; i < count; i++) {
    const at = 84 + i * 50;
    for (let k = 0; k < 3; k++) normals[i * 3 + k] = stl.readFloatLE(at + k * 4);
    for (let k = 0; k < 9; k++) vertices[i * 9 + k] = stl.readFloatLE(at + 12 + k * 4);
    attributes |= stl.readUInt16LE(at + 48);
  }
  expect(attributes).toBe(0);
  return { count, normals, vertices };
}

/**
 * Welds corners by their exact float32 coordinates and checks every edge is used by exactly two
 * triangles, once in each direction: a closed, consistently oriented (printable) surface.
 */
function openOrInconsistentEdges({ count, vertices }: ParsedStl): number {
  const ids = new Map<string, number>();
  const id = (t: number, corner: number) => {
    const at = t * 9 + corner * 3;
    const key = `${vertices[at]},${vertices[at + 1]},${vertices[at + 2]}`;
    let value = ids.get(key);
    if (value === undefined) {
      value = ids.size;
      ids.set(key, value);
    }
    return value;
  };
  const directed = new Map<string, number>();
  for (let t = 0; t < count; t++) {
    const corners = [id(t, 0), id(t, 1), id(t, 2)];
    for (let e = 0; e < 3; e++) {
      const key = `${corners[e]}>${corners[(e + 1) % 3]}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  let bad = 0;
  for (const [key, uses] of directed) {
    const [from, to] = key.split('>');
    if (uses !== 1 || directed.get(`${to}>${from}`) !== 1) bad++;
  }
  return bad;
}

/** Volume by the divergence theorem: positive only when the normals point outward. */
function signedVolume({ count, vertices: v }: ParsedStl): number {
  let volume = 0;
  for (let t = 0; t < count; t++) {
    const o = t * 9;
    volume +=
      (v[o]! * (v[o + 4]! * v[o + 8]! - v[o + 5]! * v[o + 7]!) -
        v[o + 1]! * (v[o + 3]! * v[o + 8]! - v[o + 5]! * v[o + 6]!) +
        v[o + 2]! * (v[o + 3]! * v[o + 7]! - v[o + 4]! * v[o + 6]!)) /
      6;
  }
  return volume;
}

describe.each(MODEL_KINDS)('%s model', (kind) => {
  const model = generateModel(kind, { seed: 42, detail: 0 });
  const parsed = parseBinaryStl(model.stl);

  it('is a valid binary STL with unit normals that agree with the winding', () => {
    expect(parsed.count).toBeGreaterThan(0);
    expect(model.triangles).toBe(parsed.count);
    expect(model.stl.toString('ascii', 0, 5)).not.toBe('solid');
    const { normals: n, vertices: v } = parsed;
    // Counted rather than asserted one by one: tens of thousands of expect calls are slow.
    let notFinite = 0;
    let notUnit = 0;
    let againstWinding = 0;
    for (const value of [...n, ...v]) if (!Number.isFinite(value)) notFinite++;
    for (let t = 0; t < parsed.count; t++) {
      if (Math.abs(Math.hypot(n[t * 3]!, n[t * 3 + 1]!, n[t * 3 + 2]!) - 1) > 1e-5) notUnit++;
      const o = t * 9;
      const [ux, uy, uz] = [v[o + 3]! - v[o]!, v[o + 4]! - v[o + 1]!, v[o + 5]! - v[o + 2]!];
      const [wx, wy, wz] = [v[o + 6]! - v[o]!, v[o + 7]! - v[o + 1]!, v[o + 8]! - v[o + 2]!];
      const cross = [uy * wz - uz * wy, uz * wx - ux * wz, ux * wy - uy * wx];
      if (cross[0]! * n[t * 3]! + cross[1]! * n[t * 3 + 1]! + cross[2]! * n[t * 3 + 2]! <= 0)
        againstWinding++;
    }
    expect({ notFinite, notUnit, againstWinding }).toEqual({ notFinite: 0, notUnit: 0, againstWinding: 0 });
  });

  it('rests on the bed with a printable size in millimetres', () => {
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    parsed.vertices.forEach((value, i) => {
      min[i % 3] = Math.min(min[i % 3]!, value);
      max[i % 3] = Math.max(max[i % 3]!, value);
    });
    expect(min[2]).toBe(0);
    for (let axis = 0; axis < 3; axis++) {
      const size = max[axis]! - min[axis]!;
      expect(size).toBeGreaterThan(5);
      expect(size).toBeLessThan(250);
      expect(size).toBeCloseTo(model.sizeMm[axis]!, 1);
    }
    // Centred over the origin, where a slicer puts it by default.
    expect(Math.abs(min[0]! + max[0]!)).toBeLessThan(0.01);
    expect(Math.abs(min[1]! + max[1]!)).toBeLessThan(0.01);
  });

  it('is watertight with outward normals, coarse and fine', () => {
    expect(openOrInconsistentEdges(parsed)).toBe(0);
    expect(signedVolume(parsed)).toBeGreaterThan(0);
    const fine = parseBinaryStl(generateModel(kind, { seed: 7, detail: 0.45 }).stl);
    expect(openOrInconsistentEdges(fine)).toBe(0);
    expect(signedVolume(fine)).toBeGreaterThan(0);
  });

  it('is the same for the same seed and differs for another', () => {
    expect(generateModel(kind, { seed: 42, detail: 0 }).stl.equals(model.stl)).toBe(true);
    expect(generateModel(kind, { seed: 43, detail: 0 }).stl.equals(model.stl)).toBe(false);
  });

  it('spans a few thousand to a few hundred thousand triangles with detail', () => {
    expect(model.triangles).toBeLessThan(20_000);
    const finest = generateModel(kind, { seed: 42, detail: 1 });
    expect(finest.triangles).toBeGreaterThan(150_000);
    expect(finest.triangles).toBeLessThan(400_000);
  });
});

describe('triangleBudget', () => {
  it('grows from 3 thousand to 300 thousand and clamps out-of-range detail', () => {
    expect(triangleBudget(0)).toBe(3_000);
    expect(triangleBudget(1)).toBe(300_000);
    expect(triangleBudget(0.5)).toBe(30_000);
    expect(triangleBudget(-3)).toBe(3_000);
    expect(triangleBudget(7)).toBe(300_000);
    expect(triangleBudget(Number.NaN)).toBe(3_000);
  });
});

/** Spread of pixel values: a flat or nearly flat picture means nothing was drawn. */
async function contrast(png: Buffer): Promise<number> {
  const { channels } = await sharp(png).stats();
  return Math.max(...channels.slice(0, 3).map((c) => c.stdev));
}

describe('pictures', () => {
  it('renders every kind as a PNG of the asked size, each showing its own model', async () => {
    const pictures = new Set<string>();
    for (const kind of MODEL_KINDS) {
      const png = await generatePhoto({ seed: 3, title: `Demo ${kind}`, kind, width: 480, height: 360 });
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 480, height: 360 });
      expect(await contrast(png)).toBeGreaterThan(20);
      // Same seed, so same backdrop and camera: only the model can tell the pictures apart.
      const { data } = await sharp(png)
        .extract({ left: 120, top: 90, width: 240, height: 180 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      pictures.add(data.toString('base64'));
    }
    expect(pictures.size).toBe(MODEL_KINDS.length);
    // A render of every model kind: past 30 s on a busy two-core machine. The limit only catches a hang.
  }, 180_000);

  it('makes 1600x1200 photos by default', async () => {
    const png = await generatePhoto({ seed: 9, title: 'Twisted vase', kind: 'twisted-vase' });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1600, height: 1200 });
  });

  it('shows the model of `modelSeed` from the angle and in the colours of `seed`', async () => {
    const photo = (seed: number, modelSeed: number) =>
      generatePhoto({ seed, modelSeed, title: 'Vase', kind: 'twisted-vase', width: 400, height: 300 });
    const reference = await photo(5, 1);
    expect((await photo(5, 2)).equals(reference)).toBe(false);
    expect((await photo(6, 1)).equals(reference)).toBe(false);
    expect(
      (await generatePhoto({ seed: 5, title: 'Vase', kind: 'twisted-vase', width: 400, height: 300 })).equals(
        await photo(5, 5),
      ),
    ).toBe(true);
  });

  it('makes the same photo for a seed and another for another seed', async () => {
    const photo = (seed: number) =>
      generatePhoto({ seed, title: 'Rook', kind: 'rook', width: 400, height: 300 });
    const first = await photo(9);
    expect((await photo(9)).equals(first)).toBe(true);
    expect((await photo(10)).equals(first)).toBe(false);
  });

  it('makes square avatars and 1500x500 banners', async () => {
    const avatar = await generateAvatar({ seed: 1, initials: 'pm' });
    expect(await sharp(avatar).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
    expect((await generateAvatar({ seed: 1, initials: 'pm' })).equals(avatar)).toBe(true);
    for (const seed of [1, 2, 3, 4]) {
      const banner = await generateBanner({ seed });
      expect(await sharp(banner).metadata()).toMatchObject({ format: 'png', width: 1500, height: 500 });
      expect(await contrast(banner)).toBeGreaterThan(5);
    }
  });
});
