/**
 * The arithmetic of placing and framing a model, kept apart from three.js so it can be unit-tested
 * in Node. Sizes are in the model's own units (millimetres for almost every model file).
 */
import type { BoundingBox, Vec3 } from './mesh-data.ts';

/**
 * Model files are Z-up (STL and 3MF say so; OBJ is read as slicers read it); three.js is Y-up.
 * Turning the model -90 degrees about X maps a point (x, y, z) to (x, z, -y): what stood on the
 * print bed now stands on the ground, and the side that faced -Y (the front in CAD tools) faces the
 * camera. Returns the shift that, after that turn,
 * centres the model over the origin and sets its lowest point on the ground (y = 0).
 */
export function groundPlacement({ min, max }: BoundingBox): Vec3 {
  const [minX, minY, minZ] = min;
  const [maxX, maxY] = max;
  return [-(minX + maxX) / 2, -minZ, (minY + maxY) / 2];
}

/** The point (x, y, z) of a model file in three.js's Y-up space, before the shift above. */
export function zUpToYUp([x, y, z]: Vec3): Vec3 {
  return [x, z, -y];
}

/** Room left around the model, so it does not touch the edges of the view. */
export const FIT_MARGIN = 1.15;

/**
 * The camera distance from the centre of a bounding sphere at which the whole sphere is visible.
 * The narrower of the two fields of view decides, so a tall, thin viewer (a phone held upright)
 * still shows the whole model instead of cropping its sides.
 */
export function fitDistance(radius: number, verticalFovDegrees: number, aspect: number): number {
  const vertical = (verticalFovDegrees * Math.PI) / 180;
  const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * aspect);
  const limiting = Math.min(vertical, horizontal);
  return (safeRadius(radius) * FIT_MARGIN) / Math.sin(limiting / 2);
}

/**
 * A model that is a single point (or had no extent at all) still needs a view; every model is
 * otherwise accepted whatever its scale, as files in metres or inches exist.
 */
export function safeRadius(radius: number): number {
  return Number.isFinite(radius) && radius > 0 ? radius : 1;
}

export type ZoomLimits = { minDistance: number; maxDistance: number; near: number; far: number };

/**
 * How close and how far the controls may go, and the clipping planes that keep the model visible
 * across that whole range without wasting depth precision (which shows as flickering faces).
 */
export function zoomLimits(radius: number, fittedDistance: number): ZoomLimits {
  const r = safeRadius(radius);
  const maxDistance = fittedDistance * 6;
  return {
    minDistance: r * 0.05,
    maxDistance,
    near: r * 0.01,
    far: maxDistance + r * 8,
  };
}

/** The fitted view looks from the front, a little from the right and from above. */
export const VIEW_DIRECTION: readonly [number, number, number] = normalize([0.75, 0.6, 1]);

export function normalize([x, y, z]: readonly [number, number, number]): [number, number, number] {
  const length = Math.hypot(x, y, z);
  if (length === 0) return [0, 0, 1];
  return [x / length, y / length, z / length];
}

/**
 * The ground grid: a power of ten per cell (1, 10, 100 mm...), so the squares give a sense of the
 * model's real size, and enough cells to extend well beyond the model.
 */
export function groundGrid(radius: number): { cellSize: number; cells: number; size: number } {
  const r = safeRadius(radius);
  const cellSize = 10 ** Math.floor(Math.log10(r));
  const cells = 2 * Math.ceil((r * 2.5) / cellSize);
  return { cellSize, cells, size: cells * cellSize };
}
