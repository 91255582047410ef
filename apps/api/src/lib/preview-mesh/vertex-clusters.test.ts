import { describe, expect, it } from 'vitest';
import { buildModelMesh } from '../../seed/generators/stl-models.ts';
import { buildPreviewMesh } from './build-preview-mesh.ts';
import { readGlbWithThree } from './read-glb-with-three.ts';
import { meshPositions, openEdges, silhouetteOverlap } from './test-measures.ts';
import { boundsOf, spherePositions, surfaceArea, triangleRecords } from './test-meshes.ts';
import { type ClusterLimits, VertexClusters } from './vertex-clusters.ts';

const SMALL: ClusterLimits = { vertices: 100_000, triangles: 200_000 };

describe('VertexClusters', () => {
  // 2 x 1000 x 500 = 1,000,000 triangles, 100 mm across.
  const sphere = spherePositions(501, 1000, 50, [10, -20, 50]);

  it('brings a million triangles within its limits as a whole surface: the preview built from it is closed', async () => {
    const clustered = cluster(sphere, 100, SMALL);
    expect(clustered.length / 9).toBeLessThanOrEqual(SMALL.triangles);
    expect(surfaceArea(clustered) / surfaceArea(sphere)).toBeCloseTo(1, 2);

    const preview = await buildPreviewMesh(clustered);
    const read = await readGlbWithThree(preview.glb);
    expect(openEdges(read.indices)).toBe(0);
    expect(surfaceArea(read.positions) / surfaceArea(sphere)).toBeCloseTo(1, 2);
    const [a, b] = [boundsOf(read.positions), boundsOf(sphere)];
    for (let axis = 0; axis < 3; axis++) {
      expect(Math.abs(a.min[axis]! - b.min[axis]!)).toBeLessThan(1);
      expect(Math.abs(a.max[axis]! - b.max[axis]!)).toBeLessThan(1);
    }
  });

  it('covers the surface where an even sample of as many triangles leaves most of it out', () => {
    const clustered = cluster(sphere, 100, SMALL);
    const stride = Math.ceil(sphere.length / clustered.length);
    const sample = new Float32Array(Math.ceil(sphere.length / 9 / stride) * 9);
    for (let t = 0, at = 0; t * 9 < sphere.length; t += stride, at += 9) {
      sample.set(sphere.subarray(t * 9, t * 9 + 9), at);
    }
    expect(surfaceArea(clustered) / surfaceArea(sphere)).toBeGreaterThan(0.99);
    expect(surfaceArea(sample) / surfaceArea(sphere)).toBeLessThan(0.25);
  });

  it("keeps a knurled knob's shape", async () => {
    const knob = meshPositions(buildModelMesh('knurled-knob', { seed: 2, detail: 1 }));
    const size = boundsOf(knob);
    const largest = Math.max(...[0, 1, 2].map((axis) => size.max[axis]! - size.min[axis]!));
    const clustered = cluster(knob, largest, { vertices: 20_000, triangles: 40_000 });
    const preview = await readGlbWithThree((await buildPreviewMesh(clustered)).glb);
    expect(silhouetteOverlap(preview.positions, knob)).toBeGreaterThan(0.98);
  });

  it('gives the same triangles however the records are batched', () => {
    // Small limits, so that cells merge on the way.
    const part = sphere.subarray(0, 9 * 20_000);
    const limits = { vertices: 3_000, triangles: 6_000 };
    const whole = cluster(part, 100, limits, 20_000);
    expect(cluster(part, 100, limits, 1)).toEqual(whole);
    expect(cluster(part, 100, limits, 997)).toEqual(whole);
  });

  it('gives, after merging cells, what the coarser grid gives from the start', () => {
    const merged = new VertexClusters(100, { vertices: 30_000, triangles: 60_000 });
    feed(merged, sphere, 4096);
    expect(merged.cellMm).toBeGreaterThan(100 / 2048);
    // A largest side that starts the grid at the size merging reached: no merging there.
    const direct = new VertexClusters(merged.cellMm * 2048, { vertices: 1 << 20, triangles: 1 << 21 });
    feed(direct, sphere, 4096);
    expect(direct.cellMm).toBe(merged.cellMm);
    const [a, b] = [merged.positions(), direct.positions()];
    expect(a.length).toBe(b.length);
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
    expect(worst).toBeLessThan(1e-4);
  });

  it('keeps the surface of a model placed far from the origin', () => {
    const far = spherePositions(201, 400, 50, [250_000, -400_000, 90_000]);
    const near = spherePositions(201, 400, 50);
    const limits = { vertices: 20_000, triangles: 40_000 };
    expect(surfaceArea(cluster(far, 100, limits)) / surfaceArea(cluster(near, 100, limits))).toBeCloseTo(
      1,
      2,
    );
  });

  it('refuses a coordinate that is not a finite number', () => {
    const triangles = sphere.slice(0, 9 * 10);
    triangles[40] = Number.NaN;
    expect(new VertexClusters(100, SMALL).add(triangleRecords(triangles), 0, 10)).toBe(false);
  });
});

function cluster(positions: Float32Array, largestSideMm: number, limits: ClusterLimits, batch = 4096) {
  const clusters = new VertexClusters(largestSideMm, limits);
  feed(clusters, positions, batch);
  return clusters.positions();
}

function feed(clusters: VertexClusters, positions: Float32Array, batch: number) {
  const view = triangleRecords(positions);
  const triangles = positions.length / 9;
  for (let t = 0; t < triangles; t += batch) {
    expect(clusters.add(view, t * 50, Math.min(batch, triangles - t))).toBe(true);
  }
}
