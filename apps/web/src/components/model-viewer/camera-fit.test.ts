import { describe, expect, it } from 'vitest';
import {
  FIT_MARGIN,
  fitDistance,
  groundGrid,
  groundPlacement,
  safeRadius,
  VIEW_DIRECTION,
  zoomLimits,
  zUpToYUp,
} from './camera-fit.ts';
import type { BoundingBox, Vec3 } from './mesh-data.ts';

const degrees = (radians: number) => (radians * 180) / Math.PI;

/** Half the angle under which a sphere of `radius` appears from `distance` away. */
const apparentHalfAngle = (radius: number, distance: number) => degrees(Math.asin(radius / distance));

describe('fitDistance', () => {
  it('frames the whole sphere with the margin in a square view', () => {
    const distance = fitDistance(10, 40, 1);
    expect(apparentHalfAngle(10 * FIT_MARGIN, distance)).toBeCloseTo(20, 6);
  });

  it('lets the wider-than-tall view be decided by its height', () => {
    const distance = fitDistance(10, 40, 2);
    expect(distance).toBeCloseTo(fitDistance(10, 40, 1), 9);
  });

  it('backs away further in a tall, narrow view so the sides are not cropped', () => {
    const aspect = 0.5;
    const distance = fitDistance(10, 40, aspect);
    const horizontalHalfFov = degrees(Math.atan(Math.tan((20 * Math.PI) / 180) * aspect));
    expect(distance).toBeGreaterThan(fitDistance(10, 40, 1));
    expect(apparentHalfAngle(10 * FIT_MARGIN, distance)).toBeCloseTo(horizontalHalfFov, 6);
  });

  it('scales with the model, whatever its units', () => {
    expect(fitDistance(0.05, 35, 1.6) * 1000).toBeCloseTo(fitDistance(50, 35, 1.6), 6);
  });

  it('still gives a usable view for a model without extent', () => {
    expect(fitDistance(0, 35, 1)).toBe(fitDistance(1, 35, 1));
    expect(safeRadius(Number.NaN)).toBe(1);
    expect(safeRadius(-3)).toBe(1);
    expect(safeRadius(0.2)).toBe(0.2);
  });
});

describe('zoomLimits', () => {
  it('keeps the model between the clipping planes at every allowed distance', () => {
    const radius = 25;
    const fitted = fitDistance(radius, 35, 1.5);
    const limits = zoomLimits(radius, fitted);
    expect(limits.minDistance).toBeLessThan(fitted);
    expect(limits.maxDistance).toBeGreaterThan(fitted);
    // Closest allowed: the near plane is still in front of the model's near side...
    expect(limits.near).toBeLessThan(limits.minDistance);
    // ...and farthest allowed: the model's far side is inside the far plane.
    expect(limits.far).toBeGreaterThan(limits.maxDistance + radius);
  });
});

describe('Z-up to Y-up placement', () => {
  const box: BoundingBox = { min: [-4, -6, 5], max: [10, 2, 25] };

  it('turns a model file’s up axis (Z) into three.js up (Y), keeping the front (-Y) towards the camera (+Z)', () => {
    expect(zUpToYUp([0, 0, 1])).toEqual([0, 1, -0]);
    expect(zUpToYUp([0, -1, 0])).toEqual([0, 0, 1]);
    expect(zUpToYUp([1, 0, 0])).toEqual([1, 0, -0]);
  });

  it('sets the turned model on the ground, centred over the origin', () => {
    const [dx, dy, dz] = groundPlacement(box);
    const corners: Vec3[] = [];
    for (const x of [box.min[0], box.max[0]])
      for (const y of [box.min[1], box.max[1]])
        for (const z of [box.min[2], box.max[2]]) {
          const [tx, ty, tz] = zUpToYUp([x, y, z]);
          corners.push([tx + dx, ty + dy, tz + dz]);
        }
    const along = (axis: 0 | 1 | 2) => corners.map((corner) => corner[axis]);
    expect(Math.min(...along(1))).toBe(0);
    expect(Math.max(...along(1))).toBe(20);
    expect(Math.min(...along(0)) + Math.max(...along(0))).toBe(0);
    expect(Math.min(...along(2)) + Math.max(...along(2))).toBe(0);
  });
});

describe('groundGrid', () => {
  it('uses a power of ten per cell and reaches well beyond the model', () => {
    expect(groundGrid(25)).toEqual({ cellSize: 10, cells: 14, size: 140 });
    for (const radius of [0.03, 0.7, 3, 48, 120, 999]) {
      const grid = groundGrid(radius);
      expect(Math.log10(grid.cellSize) % 1).toBeCloseTo(0, 9);
      expect(grid.size / 2).toBeGreaterThan(radius * 2);
      expect(grid.cells).toBeLessThanOrEqual(60); // cheap to draw, still readable
      expect(grid.cells % 2).toBe(0); // a line runs through the centre of the model
    }
  });
});

describe('VIEW_DIRECTION', () => {
  it('is a unit vector looking from the front, the right and above', () => {
    const [x, y, z] = VIEW_DIRECTION;
    expect(Math.hypot(x, y, z)).toBeCloseTo(1, 12);
    expect(x).toBeGreaterThan(0);
    expect(y).toBeGreaterThan(0);
    expect(z).toBeGreaterThan(x);
  });
});
