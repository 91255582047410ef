/**
 * What the renderer needs besides the positions, worked out in the parsing worker so the main
 * thread does no per-vertex work at all: a 300k-triangle model would otherwise cost it several
 * hundred milliseconds on a slow phone, while the page should stay responsive.
 */
import type { ParsedStl, Vec3 } from './parse-stl.ts';

export type ModelData = ParsedStl & {
  /** One normal per vertex, the same for the three vertices of a triangle (flat shading). */
  normals: Float32Array;
  /** Radius of the smallest sphere around the bounding box's centre holding every vertex. */
  boundingRadius: number;
};

export function prepareModel(parsed: ParsedStl): ModelData {
  return {
    ...parsed,
    normals: flatNormals(parsed.positions),
    boundingRadius: boundingRadius(parsed.positions, boxCentre(parsed.boundingBox)),
  };
}

export function boxCentre({ min, max }: ParsedStl['boundingBox']): Vec3 {
  return [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
}

/**
 * Face normals from the winding of each triangle (counter-clockwise seen from outside), as STL
 * defines it. The normals stored in the file are ignored: many exporters write zeros or stale ones.
 * A degenerate triangle (no area) gets a zero normal, as three.js would give it.
 */
export function flatNormals(positions: Float32Array): Float32Array {
  const normals = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i += 9) {
    const ax = positions[i]!;
    const ay = positions[i + 1]!;
    const az = positions[i + 2]!;
    const ux = positions[i + 3]! - ax;
    const uy = positions[i + 4]! - ay;
    const uz = positions[i + 5]! - az;
    const vx = positions[i + 6]! - ax;
    const vy = positions[i + 7]! - ay;
    const vz = positions[i + 8]! - az;
    let nx = uy * vz - uz * vy;
    let ny = uz * vx - ux * vz;
    let nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz);
    if (length > 0) {
      nx /= length;
      ny /= length;
      nz /= length;
    }
    for (let v = 0; v < 9; v += 3) {
      normals[i + v] = nx;
      normals[i + v + 1] = ny;
      normals[i + v + 2] = nz;
    }
  }
  return normals;
}

/** The camera is fitted to this sphere: tighter than the box's corners for round models. */
export function boundingRadius(positions: Float32Array, [cx, cy, cz]: Vec3): number {
  let maxSquared = 0;
  for (let i = 0; i < positions.length; i += 3) {
    const dx = positions[i]! - cx;
    const dy = positions[i + 1]! - cy;
    const dz = positions[i + 2]! - cz;
    const squared = dx * dx + dy * dy + dz * dz;
    if (squared > maxSquared) maxSquared = squared;
  }
  return Math.sqrt(maxSquared);
}
