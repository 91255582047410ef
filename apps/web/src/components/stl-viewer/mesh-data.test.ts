import { describe, expect, it } from 'vitest';
import { boundingRadius, boxCentre, flatNormals, prepareModel } from './mesh-data.ts';
import { parseStl } from './parse-stl.ts';

const triangles = (...values: number[][]) => new Float32Array(values.flat());

describe('flatNormals', () => {
  it('points each triangle’s normal out of its counter-clockwise side, on all three vertices', () => {
    const normals = flatNormals(
      triangles(
        [0, 0, 0, 1, 0, 0, 0, 1, 0], // counter-clockwise seen from +Z
        [0, 0, 0, 0, 1, 0, 1, 0, 0], // the same triangle wound the other way
        [0, 0, 5, 0, 3, 5, 0, 0, 9], // in the plane x = 0
      ),
    );
    expect(Array.from(normals)).toEqual([
      ...[0, 0, 1, 0, 0, 1, 0, 0, 1],
      ...[0, 0, -1, 0, 0, -1, 0, 0, -1],
      ...[1, 0, 0, 1, 0, 0, 1, 0, 0],
    ]);
  });

  it('gives unit normals whatever the triangle’s size, and zero for a triangle without area', () => {
    const normals = flatNormals(triangles([0, 0, 0, 1000, 0, 0, 0, 0, 0.001], [1, 1, 1, 2, 2, 2, 3, 3, 3]));
    expect(Math.hypot(normals[0]!, normals[1]!, normals[2]!)).toBeCloseTo(1, 6);
    expect(Array.from(normals.subarray(9))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('boundingRadius', () => {
  it('is the distance of the farthest vertex from the centre', () => {
    const positions = triangles([3, 4, 0, -1, 0, 0, 0, 0, 2]);
    expect(boundingRadius(positions, [0, 0, 0])).toBe(5);
    expect(boundingRadius(positions, [3, 4, 0])).toBeCloseTo(Math.hypot(4, 4), 6);
  });
});

describe('prepareModel', () => {
  it('adds normals and a sphere around the box centre holding every vertex', () => {
    // A flat square 10 x 10 at height 2, as two triangles.
    const positions = triangles([0, 0, 2, 10, 0, 2, 10, 10, 2], [0, 0, 2, 10, 10, 2, 0, 10, 2]);
    const bytes = new Uint8Array(84 + 100);
    const view = new DataView(bytes.buffer);
    view.setUint32(80, 2, true);
    positions.forEach((value, i) => {
      view.setFloat32(84 + Math.floor(i / 9) * 50 + 12 + (i % 9) * 4, value, true);
    });
    const model = prepareModel(parseStl(bytes));
    expect(boxCentre(model.boundingBox)).toEqual([5, 5, 2]);
    expect(model.boundingRadius).toBeCloseTo(Math.hypot(5, 5), 6);
    expect(Array.from(model.normals)).toEqual(Array.from({ length: 6 }, () => [0, 0, 1]).flat());
  });
});
