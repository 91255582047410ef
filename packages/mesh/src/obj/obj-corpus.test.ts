import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeMesh } from '../analyzer.ts';
import type { Vec3 } from '../mesh-analysis.ts';
import { chunksOf } from '../test-fixtures.ts';
import { objOutcome } from './obj-fixtures.ts';

/**
 * Real OBJ files (test-data/obj, sources and licences in its README) and what they contain, worked
 * out without this reader: a short Python script, run once, split each line on whitespace, took
 * `v` lines' first three numbers rounded to float32 (struct.pack('<f')), and for each `f` line of
 * n >= 3 corners counted n - 2 triangles and collected the vertices its corners name (the number
 * before the first `/`, 1-based, or counted back from the last vertex when negative). The box is
 * the smallest and largest of those coordinates, its size their difference (in float64, as here).
 */
const CORPUS: Record<string, { triangles: number; min: Vec3; max: Vec3; sizeMm: Vec3 }> = {
  'spider.obj': {
    triangles: 1368,
    min: [-92.65523529052734, -42.23382568359375, -106.69120025634766],
    max: [57.93621826171875, 37.50395202636719, 86.69120025634766],
    sizeMm: [150.5914535522461, 79.73777770996094, 193.3824005126953],
  },
  'regr01.obj': {
    triangles: 2710,
    min: [-194.1995086669922, -204.51156616210938, 0],
    max: [1442.0855712890625, 967.6152954101562, 337.509033203125],
    sizeMm: [1636.2850799560547, 1172.1268615722656, 337.509033203125],
  },
  'concave_polygon.obj': {
    triangles: 64,
    min: [-1.1460000276565552, 1.6575000286102295, 1.6054999828338623],
    max: [-1.1460000276565552, 3.1424999237060547, 3.0905001163482666],
    sizeMm: [0, 1.4849998950958252, 1.4850001335144043],
  },
  'cube_mtllib_after_g.obj': {
    triangles: 12,
    min: [0, 0, 0],
    max: [1, 1, 1],
    sizeMm: [1, 1, 1],
  },
  'cornell_box.obj': {
    triangles: 36,
    min: [0, 0, 0],
    max: [556, 548.7999877929688, 559.2000122070312],
    sizeMm: [556, 548.7999877929688, 559.2000122070312],
  },
};

const read = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../test-data/obj/${name}`, import.meta.url)));

describe('real OBJ files', () => {
  for (const [name, { triangles, min, max, sizeMm }] of Object.entries(CORPUS)) {
    it(`reads ${name}: its triangles and bounding box`, () => {
      const analysis = analyzeMesh('obj', read(name));
      expect(analysis).toMatchObject({ format: 'obj', triangles, bbox: { min, max }, sizeMm, warnings: [] });
    });

    it(`reads ${name} the same in chunks of 7 and 4096 bytes`, () => {
      const file = read(name);
      const whole = analyzeMesh('obj', file);
      for (const size of [7, 4096]) expect(objOutcome(chunksOf(file, size))).toEqual(whole);
    });
  }

  it('measures the closed unit cube (CRLF, v//vn) as closed, 1 mm3 and 6 mm2', () => {
    expect(analyzeMesh('obj', read('cube_mtllib_after_g.obj'))).toMatchObject({
      closed: true,
      volumeCm3: 0.001,
      areaMm2: 6,
    });
  });
});
