import { describe, expect, it } from 'vitest';
import { buildModelMesh } from '../../seed/generators/stl-models.ts';
import { buildPreviewMesh, PREVIEW_MAX_TRIANGLES } from './build-preview-mesh.ts';
import { readGlbWithThree } from './read-glb-with-three.ts';
import { meshPositions, openEdges, silhouetteOverlap } from './test-measures.ts';
import {
  boundsOf,
  nudgePositions,
  separateTriangles,
  sheetPositions,
  spherePositions,
  surfaceArea,
} from './test-meshes.ts';

describe('buildPreviewMesh', () => {
  it('keeps a small model whole: every triangle, where the file placed it, to the quantization step', async () => {
    const input = spherePositions(40, 80, 20, [120, -35, 50.5]);
    const preview = await buildPreviewMesh(input);
    const read = await readGlbWithThree(preview.glb);

    expect(preview).toMatchObject({ triangles: 6240, sourceTriangles: 6240, simplification: 'none' });
    expect(read.triangles).toBe(6240);
    // 80 points on each of the 39 rings between the poles, and the poles: welded, each once.
    expect(read.vertices).toBe(80 * 39 + 2);
    expect(preview.stepMm).toBeCloseTo(20 / 32767, 9);
    expectBoundsNear(read.positions, input, preview.stepMm);
    expect(maxDistanceToNearestPoint(read.positions, input, preview.stepMm)).toBeLessThanOrEqual(
      preview.stepMm,
    );
    expect(surfaceArea(read.positions) / surfaceArea(input)).toBeCloseTo(1, 4);
  });

  it('brings 1,000,000 triangles within the budget, closed, the same size, the same silhouette', async () => {
    // 2 x 1000 x 500 = 1,000,000 triangles.
    const million = spherePositions(501, 1000, 50, [10, -20, 50]);
    const preview = await buildPreviewMesh(million);
    const read = await readGlbWithThree(preview.glb);

    expect(preview.sourceTriangles).toBe(1_000_000);
    expect(preview.triangles).toBeLessThanOrEqual(PREVIEW_MAX_TRIANGLES);
    // The budget is used, not squandered.
    expect(preview.triangles).toBeGreaterThan(0.9 * PREVIEW_MAX_TRIANGLES);
    expect(read.triangles).toBe(preview.triangles);
    expect(preview.glb.length).toBeLessThan(1.5 * 2 ** 20);
    expectBoundsNear(read.positions, million, preview.stepMm);
    expect(openEdges(read.indices)).toBe(0);
    expect(surfaceArea(read.positions) / surfaceArea(million)).toBeCloseTo(1, 2);
    expect(silhouetteOverlap(read.positions, million)).toBeGreaterThan(0.995);
  });

  it('keeps the teeth of a gear and the outline of an open sheet', async () => {
    const gear = meshPositions(buildModelMesh('gear', { seed: 4, detail: 0.8 }));
    const sheet = sheetPositions(200, 80);
    for (const [input, maxTriangles] of [
      [gear, 5_000],
      [sheet, 2_000],
    ] as const) {
      const preview = await buildPreviewMesh(input, { maxTriangles });
      const read = await readGlbWithThree(preview.glb);
      expect(read.triangles).toBeLessThanOrEqual(maxTriangles);
      expect(preview.simplification).toBe('simplify');
      expectBoundsNear(read.positions, input, preview.stepMm);
      expect(surfaceArea(read.positions) / surfaceArea(input)).toBeCloseTo(1, 1);
      expect(silhouetteOverlap(read.positions, input)).toBeGreaterThan(0.99);
    }
  });

  it('welds corners that only rounding noise keeps apart', async () => {
    // Every coordinate moved by up to a millionth: no corner equals another any more.
    const input = nudgePositions(spherePositions(101, 250, 30), 1e-6);
    const preview = await buildPreviewMesh(input, { maxTriangles: 20_000 });
    const read = await readGlbWithThree(preview.glb);

    expect(preview.simplification).toBe('simplify');
    expect(read.triangles).toBeLessThanOrEqual(20_000);
    expect(surfaceArea(read.positions) / surfaceArea(input)).toBeCloseTo(1, 2);
    expect(silhouetteOverlap(read.positions, input)).toBeGreaterThan(0.995);
  });

  it('holds the budget where nothing welds, keeping the size and the surface', async () => {
    // Triangles apart by gaps of 1 % of their size, far above the grid's step: the simplifier
    // that keeps topology stops (it could only delete whole triangles), simplifySloppy, which joins
    // what is close, takes the rest. It leaves some pinholes where its grid cuts between two
    // triangles; the topology-preserving simplifier alone kept 38 % of a sphere's area.
    const input = separateTriangles(spherePositions(101, 250, 30), 0.98);
    const preview = await buildPreviewMesh(input, { maxTriangles: 20_000 });
    const read = await readGlbWithThree(preview.glb);

    expect(preview.simplification).toBe('sloppy');
    expect(read.triangles).toBeLessThanOrEqual(20_000);
    expectBoundsNear(read.positions, input, preview.stepMm);
    expect(surfaceArea(read.positions) / surfaceArea(input)).toBeGreaterThan(0.95);
    expect(silhouetteOverlap(read.positions, input)).toBeGreaterThan(0.93);
  });

  it('writes 32-bit indices past 65,535 vertices', async () => {
    const input = separateTriangles(spherePositions(60, 200, 30), 0.9);
    const preview = await buildPreviewMesh(input);
    const read = await readGlbWithThree(preview.glb);
    expect(read.triangles).toBe(23_600);
    expect(read.vertices).toBe(3 * 23_600);
    expect(read.indexBytes).toBe(4);
    expect(maxDistanceToNearestPoint(read.positions, input, preview.stepMm)).toBeLessThanOrEqual(
      preview.stepMm,
    );
  });

  it('reads in three.js as the viewer does: positions only, shaded flat, millimetres and Z up noted', async () => {
    const preview = await buildPreviewMesh(spherePositions(20, 40, 10));
    const read = await readGlbWithThree(preview.glb);
    expect(read.attributes).toEqual(['position']);
    expect(read.flatShading).toBe(true);
    expect(read.extras).toMatchObject({ unit: 'millimetre', up: 'Z' });
    expect(read.extensionsRequired.sort()).toEqual(['EXT_meshopt_compression', 'KHR_mesh_quantization']);
    expect(new TextDecoder().decode(preview.glb.subarray(0, 4))).toBe('glTF');
  });

  it('compresses: without meshopt the same mesh is over twice the size', async () => {
    const input = spherePositions(101, 200, 30);
    const compressed = await buildPreviewMesh(input);
    const plain = await buildPreviewMesh(input, { compress: false });
    const read = await readGlbWithThree(plain.glb);
    expect(read.extensionsRequired).toEqual(['KHR_mesh_quantization']);
    // meshopt's index codec may start a triangle at another corner (same winding).
    const unpacked = cornersFromLowestIndex(await readGlbWithThree(compressed.glb));
    expect(countDifferences(cornersFromLowestIndex(read), unpacked)).toBe(0);
    expect(plain.glb.length).toBeGreaterThan(2 * compressed.glb.length);
  });

  it('never holds a coordinate of the model file as it was', async () => {
    const input = spherePositions(30, 60, 25, [3.25, 7.5, 25]);
    for (const compress of [true, false]) {
      const { glb } = await buildPreviewMesh(input, { compress });
      expect(findAnyVertexBytes(glb, input)).toBe(-1);
    }
    // The check finds a vertex where there is one.
    const planted = new Uint8Array(100);
    planted.set(new Uint8Array(input.buffer, 36 * 5, 12), 41);
    expect(findAnyVertexBytes(planted, input)).toBe(41);
  });

  it('refuses what is not triangles of finite coordinates', async () => {
    await expect(buildPreviewMesh(new Float32Array(0))).rejects.toThrow(RangeError);
    await expect(buildPreviewMesh(new Float32Array(10))).rejects.toThrow(RangeError);
    const withNaN = spherePositions(10, 10, 5);
    withNaN[4] = Number.NaN;
    await expect(buildPreviewMesh(withNaN)).rejects.toThrow(/finite/);
    await expect(buildPreviewMesh(spherePositions(10, 10, 5), { maxTriangles: 99 })).rejects.toThrow(
      RangeError,
    );
  });
});

/** The bounding boxes agree to within one quantization step on every side. */
function expectBoundsNear(read: Float32Array, input: Float32Array, stepMm: number) {
  const a = boundsOf(read);
  const b = boundsOf(input);
  for (let axis = 0; axis < 3; axis++) {
    expect(Math.abs(a.min[axis]! - b.min[axis]!)).toBeLessThanOrEqual(stepMm);
    expect(Math.abs(a.max[axis]! - b.max[axis]!)).toBeLessThanOrEqual(stepMm);
  }
}

/** Every triangle's corners, each triangle starting at its corner of lowest index. */
function cornersFromLowestIndex({ indices, positions }: { indices: Uint32Array; positions: Float32Array }) {
  const out = new Float32Array(positions.length);
  for (let at = 0; at < indices.length; at += 3) {
    const first = [0, 1, 2].reduce((best, k) => (indices[at + k]! < indices[at + best]! ? k : best), 0);
    for (let k = 0; k < 3; k++) {
      const from = (at + ((first + k) % 3)) * 3;
      out.set(positions.subarray(from, from + 3), (at + k) * 3);
    }
  }
  return out;
}

/** Elements that differ (a count rather than a diff: a diff of a million floats takes minutes). */
function countDifferences(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return Math.max(a.length, b.length);
  let differing = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differing++;
  return differing;
}

/** How far the farthest point of `points` is from the nearest point of `from` (a grid of `cell` mm). */
function maxDistanceToNearestPoint(points: Float32Array, from: Float32Array, cell: number): number {
  // Cells whose hashes collide share a list; the distances below tell their points apart.
  const grid = new Map<number, number[]>();
  const key = (x: number, y: number, z: number) =>
    Math.imul(x, 73856093) ^ Math.imul(y, 19349663) ^ Math.imul(z, 83492791);
  const cellOf = (value: number) => Math.floor(value / cell);
  for (let at = 0; at < from.length; at += 3) {
    const k = key(cellOf(from[at]!), cellOf(from[at + 1]!), cellOf(from[at + 2]!));
    const list = grid.get(k);
    if (list) list.push(at);
    else grid.set(k, [at]);
  }
  let worst = 0;
  for (let at = 0; at < points.length; at += 3) {
    const [x, y, z] = [points[at]!, points[at + 1]!, points[at + 2]!];
    const [cx, cy, cz] = [cellOf(x), cellOf(y), cellOf(z)];
    let nearest = Infinity;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          for (const other of grid.get(key(cx + dx, cy + dy, cz + dz)) ?? []) {
            nearest = Math.min(
              nearest,
              Math.hypot(from[other]! - x, from[other + 1]! - y, from[other + 2]! - z),
            );
          }
        }
      }
    }
    worst = Math.max(worst, nearest);
  }
  return worst;
}

/** Where the first 12-byte x, y, z of any vertex of `positions` appears in `bytes`, or -1. */
function findAnyVertexBytes(bytes: Uint8Array, positions: Float32Array): number {
  const raw = new Uint8Array(positions.buffer, positions.byteOffset, positions.byteLength);
  const vertices = new Set<string>();
  for (let at = 0; at < raw.length; at += 12) vertices.add(raw.subarray(at, at + 12).join(','));
  for (let at = 0; at + 12 <= bytes.length; at++) {
    if (vertices.has(bytes.subarray(at, at + 12).join(','))) return at;
  }
  return -1;
}
