import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryStl } from '../../test/upload-test-kit.ts';
import { readPreviewTriangles } from './preview-triangles.ts';

describe('readPreviewTriangles', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'preview-triangles-'));
    file = path.join(dir, 'm.stl');
    // Triangle t lies at height z = t.
    await writeFile(file, binaryStl(3000));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads every triangle within the budget', async () => {
    expect((await readPreviewTriangles('stl', createReadStream(file), 3000, 3000)).length).toBe(3000 * 9);
  });

  it('keeps an even sample of a larger mesh, across batch boundaries', async () => {
    const positions = await readPreviewTriangles(
      'stl',
      createReadStream(file, { highWaterMark: 4096 }),
      3000,
      1000,
    );
    // Stride 3: triangles 0, 3, 6, ... 2997.
    expect(positions.length).toBe(1000 * 9);
    const heights = Array.from({ length: 1000 }, (_, i) => positions[i * 9 + 2]);
    expect(heights).toEqual(Array.from({ length: 1000 }, (_, i) => i * 3));
  });
});
