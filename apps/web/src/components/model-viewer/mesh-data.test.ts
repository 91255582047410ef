import { describe, expect, it } from 'vitest';
import { boundingBoxOf, boundingRadius, boxCentre, flatNormals, prepareModel } from './mesh-data.ts';

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

describe('boundingBoxOf', () => {
  it('spans the lowest and highest coordinate on each axis', () => {
    const box = boundingBoxOf(triangles([0, 0, 0, 10, 0, 0, 0, 20, 0], [-15, 2.5, 3, 0.5, 0, 0, 0, 0, 30]));
    expect(box).toEqual({ min: [-15, 0, 0], max: [10, 20, 30] });
  });
});

describe('prepareModel', () => {
  it('adds the triangle count, bounds, normals and a sphere around the box centre holding every vertex', () => {
    // A flat square 10 x 10 at height 2, as two triangles.
    const positions = triangles([0, 0, 2, 10, 0, 2, 10, 10, 2], [0, 0, 2, 10, 10, 2, 0, 10, 2]);
    const model = prepareModel(positions);
    expect(model.positions).toBe(positions);
    expect(model.triangleCount).toBe(2);
    expect(model.boundingBox).toEqual({ min: [0, 0, 2], max: [10, 10, 2] });
    expect(boxCentre(model.boundingBox)).toEqual([5, 5, 2]);
    expect(model.boundingRadius).toBeCloseTo(Math.hypot(5, 5), 6);
    expect(Array.from(model.normals)).toEqual(Array.from({ length: 6 }, () => [0, 0, 1]).flat());
  });
});
