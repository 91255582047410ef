import { lockExtremeVertices } from './extreme-vertices.ts';
import type { Meshopt } from './load-meshopt.ts';
import type { IndexedMesh } from './weld.ts';

/**
 * How the triangles were reduced, named after meshoptimizer's functions: not at all (already within
 * the budget); by `simplify`, which keeps the surface's topology (after a first coarse pass of
 * `simplifySloppy` for a large mesh: `sloppy+simplify`); or, where that could not reach the budget,
 * finally by `simplifySloppy` (`sloppy`), which clusters vertices on a grid and may join nearby parts.
 */
export type SimplificationMethod = 'none' | 'simplify' | 'sloppy+simplify' | 'sloppy';

export type Simplified = {
  /** Into the positions of the mesh given; vertices no triangle uses any more are left there. */
  indices: Uint32Array;
  method: SimplificationMethod;
  /** The simplifier's estimate of how far the surface moved, at most, in millimetres. */
  errorMm: number;
};

/**
 * Above this many triangles (or 4 budgets, if more), the topology-preserving simplifier would take
 * too long: a first pass of simplifySloppy (vertices clustered on one grid) brings the mesh down
 * to it. Measured on ten 1,000,000-triangle models simplified to 50,000 (CPU time, a busy two-core
 * machine): `simplify` alone took 0.64 to 2.2 s, after simplifySloppy to 200,000 both took 0.18 to
 * 0.44 s. The mean distance to the original surface stayed below 2e-4 of the model's size either
 * way: about the same on rounded shapes (sphere, terrain, spring, vase), 2 to 3 times the straight
 * simplification's on machined ones (a gear, a knurled knob), and their renders looked alike.
 * simplifySloppy does not keep open borders: an open sheet's outline moved by up to 1e-3 of its
 * size (2e-4 straight).
 */
const SIMPLIFY_AT_MOST = 200_000;
/**
 * Relative to the mesh's size (meshoptimizer's getScale, its largest extent): past it, `simplify`
 * stops and `simplifySloppy` takes the rest. Models of 1,000,000 triangles reached 50,000 at 1e-4 to
 * 2e-3.
 */
const SIMPLIFY_ERROR_LIMIT = 0.01;
/**
 * simplifySloppy keeps below its target, unless the locked triangles alone are more: each retry
 * then aims this much lower.
 */
const SLOPPY_RETRY_FACTOR = 0.8;
const SLOPPY_MAX_TRIES = 8;

/**
 * At most `maxTriangles` triangles of `mesh`, chosen by meshoptimizer's simplifiers. The vertices
 * at the sides of the bounding box are locked (see lockExtremeVertices).
 *
 * `LockBorder` keeps every vertex on an open edge. A closed model has none, and an open sheet's
 * outline is a small share of its vertices (its 200,000 triangles still reached 50,000, with the
 * same error). Without it, `simplify` collapses the open edges of pieces that did not weld, and
 * each collapse deletes a triangle: a 200,000-triangle sphere whose triangles share no corner kept
 * 38 % of its area (a sphere full of holes), one whose lower half did not weld 85 %. With it, the
 * simplifier stops where it cannot go on and `simplifySloppy`, which joins what is close on its
 * grid, takes the rest (a sphere of separate triangles kept 99 % of its area). `Prune` (dropping
 * small separate pieces whole) is not
 * used: it changed nothing on these meshes, and would remove the small parts of a model made of
 * many.
 */
export function simplifyToBudget(meshopt: Meshopt, mesh: IndexedMesh, maxTriangles: number): Simplified {
  const { simplifier } = meshopt;
  const { positions } = mesh;
  const triangles = mesh.indices.length / 3;
  if (triangles <= maxTriangles) return { indices: mesh.indices, method: 'none', errorMm: 0 };

  // simplifySloppy's errors are relative to this; simplify's are in millimetres (ErrorAbsolute).
  const scale = simplifier.getScale(positions, 3);
  const lock = lockExtremeVertices(mesh);
  let indices = mesh.indices;
  let errorMm = 0;
  let method: SimplificationMethod = 'simplify';

  const workingSize = Math.max(SIMPLIFY_AT_MOST, 4 * maxTriangles);
  if (triangles > workingSize) {
    const target = workingSize * 3;
    const [clustered, error] = simplifier.simplifySloppy(indices, positions, 3, lock, target, 1);
    indices = clustered;
    errorMm += error * scale;
    method = 'sloppy+simplify';
  }

  // simplifyWithAttributes is simplify with a lock per vertex; there are no other attributes.
  const [simplified, simplifyError] = simplifier.simplifyWithAttributes(
    indices,
    positions,
    3,
    new Float32Array(0),
    0,
    [],
    lock,
    maxTriangles * 3,
    SIMPLIFY_ERROR_LIMIT * scale,
    // Sparse: after simplifySloppy, the triangles use only part of the vertices.
    method === 'sloppy+simplify'
      ? ['LockBorder', 'ErrorAbsolute', 'Sparse']
      : ['LockBorder', 'ErrorAbsolute'],
  );
  indices = simplified;
  errorMm += simplifyError;

  for (let tries = 0, target = maxTriangles; indices.length / 3 > maxTriangles; tries++) {
    if (tries === SLOPPY_MAX_TRIES)
      throw new Error(`could not simplify ${triangles} triangles to ${maxTriangles}`);
    const [clustered, error] = simplifier.simplifySloppy(indices, positions, 3, lock, target * 3, 1);
    indices = clustered;
    errorMm += error * scale;
    method = 'sloppy';
    target = Math.floor(target * SLOPPY_RETRY_FACTOR);
  }
  return { indices, method, errorMm };
}
