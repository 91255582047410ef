import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MeshRejection } from '../mesh-errors.ts';
import { chunksOf, splitAt } from '../test-fixtures.ts';
import { analyze3mf, outcomeOf } from './three-mf-reading.ts';

const read = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../test-data/3mf/${name}`, import.meta.url)));

type Expected = {
  triangles: number;
  min: [number, number, number];
  max: [number, number, number];
  closed: boolean;
  /** For a closed mesh. */
  volumeCm3?: number;
};

/**
 * Worked out once for each file without this reader: a short Python script with zipfile and
 * xml.etree followed `_rels/.rels` to the root part, read every object, component and build item
 * (p:path included), composed the transforms in float64, applied the unit, and counted the placed
 * triangles, their bounding box, whether every directed edge has its reverse, and the signed
 * volume. Rounded to 6 decimals; this reader works in float32, so bounds are compared to 3.
 */
const EXPECTED: Record<string, Expected> = {
  '3mfbase1_cube.3mf': {
    triangles: 12,
    min: [14.999999, 14.999999, 0.00254],
    max: [24.999999, 24.999999, 10.00254],
    closed: true,
    volumeCm3: 1,
  },
  '3mfbase12_holed_cube.3mf': {
    triangles: 144,
    min: [-317.71082, -258.23418, 83.444842],
    max: [-67.544696, -54.900068, 333.61122],
    closed: true,
    volumeCm3: 6227.231353,
  },
  'WagonWithWheels.3mf': {
    triangles: 376,
    min: [20.6975, 26.899197, -0.000011],
    max: [300.675001, 209.814561, 65.418],
    closed: true,
    volumeCm3: 1310.743727,
  },
  'HierarchicalComponent.3mf': {
    triangles: 12,
    min: [0, 0, 0],
    max: [100, 100, 100],
    closed: true,
    volumeCm3: 1000,
  },
  '2ProductionBoxes.3mf': {
    triangles: 25,
    min: [30.099, 35.1, 30.1],
    max: [240.099, 135.1, 130.1],
    closed: false,
  },
  'detachedmodel.3mf': {
    triangles: 1296,
    min: [40, 40, 40],
    max: [390, 260, 260],
    closed: true,
    volumeCm3: 11250,
  },
};

/** The script refused these as well: `20,000` is no number, and XML forbids a repeated attribute. */
const REFUSED: Record<string, MeshRejection> = {
  'N_XXX_0422_01.3mf': 'unreadable',
  'GEN-C-ADA-COMPONENT-TRANSFORM-0.3mf': 'unreadable',
};

describe('real 3MF files from lib3mf', () => {
  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`reads ${name} as worked out without this reader`, () => {
      const analysis = analyze3mf(read(name));
      expect(analysis.triangles).toBe(expected.triangles);
      expect(analysis.closed).toBe(expected.closed);
      for (let axis = 0; axis < 3; axis++) {
        expect(analysis.bbox.min[axis]).toBeCloseTo(expected.min[axis]!, 3);
        expect(analysis.bbox.max[axis]).toBeCloseTo(expected.max[axis]!, 3);
        expect(analysis.sizeMm[axis]).toBeCloseTo(expected.max[axis]! - expected.min[axis]!, 3);
      }
      if (expected.volumeCm3 === undefined) expect(analysis.volumeCm3).toBeNull();
      else expect(analysis.volumeCm3! / expected.volumeCm3).toBeCloseTo(1, 6);
    });
  }

  for (const [name, reason] of Object.entries(REFUSED)) {
    it(`refuses ${name}`, () => {
      expect(outcomeOf([read(name)])).toBe(reason);
    });
  }

  it('reads every file the same in chunks of 1 and 7 bytes and split at random', () => {
    for (const name of [...Object.keys(EXPECTED), ...Object.keys(REFUSED)]) {
      const file = read(name);
      const whole = outcomeOf([file]);
      for (const size of [1, 7]) expect(outcomeOf(chunksOf(file, size))).toEqual(whole);
      fc.assert(
        fc.property(fc.array(fc.nat({ max: file.length }), { maxLength: 20 }), (cuts) => {
          expect(outcomeOf(splitAt(file, cuts))).toEqual(whole);
        }),
        { numRuns: 20 },
      );
    }
  });
});
