import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silhouetteOverlap } from '../preview-mesh/test-measures.ts';
import { binaryStlOf, spherePositions, surfaceArea } from '../preview-mesh/test-meshes.ts';
import { readPreviewTriangles } from './preview-triangles.ts';

describe('readPreviewTriangles', () => {
  // 2 x 200 x 100 = 40,000 triangles, 40 mm across.
  const sphere = spherePositions(101, 200, 20);
  const model = { kind: 'stl', triangles: 40_000, sizeMm: [40, 40, 40] } as const;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'preview-triangles-'));
    file = path.join(dir, 'sphere.stl');
    await writeFile(file, binaryStlOf(sphere));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads every triangle within the budget, as the file has them', async () => {
    expect(await readPreviewTriangles(model, createReadStream(file), 40_000)).toEqual(sphere);
  });

  it('clusters a model past the budget into a whole surface of at most half of it, read chunk by chunk', async () => {
    const read = await readPreviewTriangles(model, createReadStream(file, { highWaterMark: 4099 }), 10_000);
    expect(read.length / 9).toBeLessThanOrEqual(5_000);
    expect(surfaceArea(read) / surfaceArea(sphere)).toBeCloseTo(1, 2);
    // Drawn as the preview pictures are: no see-through gaps, the sphere's outline.
    expect(silhouetteOverlap(read, sphere)).toBeGreaterThan(0.99);
  });
});
