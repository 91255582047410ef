/**
 * What the renderer needs besides the positions, worked out off the main thread for a full model
 * (in the reading worker) so the main thread does no per-vertex work for it: a 300k-triangle model
 * would otherwise cost it several hundred milliseconds on a slow phone, while the page should stay
 * responsive. A preview mesh (50,000 triangles at most) is prepared the same way on the main thread.
 */

export type Vec3 = [number, number, number];

export type BoundingBox = { min: Vec3; max: Vec3 };

export type ModelData = {
  /** x, y, z of each vertex, three vertices per triangle, in the file's own Z-up millimetres. */
  positions: Float32Array;
  triangleCount: number;
  boundingBox: BoundingBox;
  /** One normal per vertex, the same for the three vertices of a triangle (flat shading). */
  normals: Float32Array;
  /** Radius of the smallest sphere around the bounding box's centre holding every vertex. */
  boundingRadius: number;
};

/** `positions` is 9 floats per triangle, as `parseMeshPositions` gives them. */
export function prepareModel(positions: Float32Array): ModelData {
  const boundingBox = boundingBoxOf(positions);
  return {
    positions,
    triangleCount: positions.length / 9,
    boundingBox,
    normals: flatNormals(positions),
    boundingRadius: boundingRadius(positions, boxCentre(boundingBox)),
  };
}

export function boxCentre({ min, max }: BoundingBox): Vec3 {
  return [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
}

export function boundingBoxOf(positions: Float32Array): BoundingBox {
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i]!;
    const y = positions[i + 1]!;
    const z = positions[i + 2]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  return { min: [minX, minY, minZ], max: [maxX, maxY, maxZ] };
}

/**
 * Face normals from the winding of each triangle (counter-clockwise seen from outside), as STL,
 * 3MF, OBJ and glTF all define it. Normals stored in a file are ignored: many exporters write zeros
 * or stale ones, and the preview mesh has none. A degenerate triangle (no area) gets a zero normal,
 * as three.js would give it.
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
