import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeMesh } from '../analyzer.ts';
import type { MeshFormat, MeshWarning } from '../mesh-analysis.ts';

const file = (name: string) => readFileSync(new URL(`../../test-data/stl/${name}`, import.meta.url));

/**
 * Triangles and size (mm, to 4 decimals) of each file, computed by a separate script: Python's
 * struct module for binary files, a regular expression over the `vertex` lines for ASCII ones,
 * with coordinates rounded to float32 (test-data/stl/README.md).
 */
const CORPUS: [string, MeshFormat, number, [number, number, number], MeshWarning[]][] = [
  ['assimp-3dsmax-export.stl', 'binary', 2000, [57.0345, 48.3413, 52.644], []],
  ['assimp-sphere-with-hole.stl', 'ascii', 285, [3.0, 3.0, 3.0], []],
  ['assimp-spider-ascii.stl', 'ascii', 1368, [6.2298, 8.0, 3.2987], []],
  ['assimp-spider-binary.stl', 'binary', 1368, [6.2298, 8.0, 3.2987], []],
  ['assimp-triangle-no-final-newline.stl', 'ascii', 1, [2.0, 2.0, 0.0], []],
  ['assimp-triangle-two-solids.stl', 'ascii', 2, [4.0, 4.0, 0.0], []],
  ['assimp-triangle-with-empty-solid.stl', 'ascii', 1, [2.0, 2.0, 0.0], []],
  ['j3d-ascii-triangle-end-solid-spaced.stl', 'ascii', 1, [1.0, 1.0, 0.0], []],
  ['j3d-ascii-triangle-no-endsolid.stl', 'ascii', 1, [1.0, 1.0, 0.0], ['no-endsolid']],
  ['numpy-stl-ascii-cube-crlf.stl', 'ascii', 12, [2.0, 2.0, 2.0], []],
  ['numpy-stl-ascii-half-donut-uppercase.stl', 'ascii', 288, [3.0, 0.5, 3.0], []],
  ['numpy-stl-ascii-moon-utf8-name.stl', 'ascii', 116, [1.6284, 0.35, 3.0], []],
  ['numpy-stl-binary-half-donut-trailing-byte.stl', 'binary', 288, [3.0, 0.5, 3.0], ['trailing-bytes']],
  ['numpy-stl-binary-star-empty-header.stl', 'binary', 68, [2.5981, 0.35, 3.0], []],
  [
    'openscad-binary-csg-piped-zero-count.stl',
    'binary',
    3004,
    [65.5, 19.8904, 19.8904],
    ['header-count-wrong'],
  ],
  ['openscad-ascii-nan-normal.stl', 'ascii', 94, [3.0, 10.0, 22.0], []],
  ['prusaslicer-ascii-box-cr-only.stl', 'ascii', 12, [20.0, 20.0, 20.0], []],
  ['prusaslicer-ascii-box-junk-normals-and-end-words.stl', 'ascii', 12, [20.0, 20.0, 20.0], []],
];

describe('real STL files from other programs', () => {
  for (const [name, format, triangles, size, warnings] of CORPUS) {
    it(`reads ${name}: ${triangles} triangles, ${size.join(' x ')} mm`, () => {
      const analysis = analyzeMesh('stl', file(name));
      expect(analysis).toMatchObject({ format, triangles, warnings });
      expect(analysis.sizeMm.map((side) => Math.round(side * 10_000) / 10_000)).toEqual(size);
    });
  }

  it('finds the hole in the open sphere, so it gives no volume, and closes the cube', () => {
    expect(analyzeMesh('stl', file('assimp-sphere-with-hole.stl'))).toMatchObject({
      closed: false,
      volumeCm3: null,
    });
    expect(analyzeMesh('stl', file('numpy-stl-ascii-cube-crlf.stl'))).toMatchObject({
      closed: true,
      volumeCm3: 0.008,
    });
  });

  it('measures the spider the same from its ASCII and its binary file', () => {
    const ascii = analyzeMesh('stl', file('assimp-spider-ascii.stl'));
    const binary = analyzeMesh('stl', file('assimp-spider-binary.stl'));
    expect(binary.triangles).toBe(ascii.triangles);
    expect(binary.closed).toBe(ascii.closed);
    binary.sizeMm.forEach((side, axis) => {
      expect(side).toBeCloseTo(ascii.sizeMm[axis]!, 3);
    });
  });
});
