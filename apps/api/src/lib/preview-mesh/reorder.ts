import type { Meshopt } from './load-meshopt.ts';
import type { IndexedMesh } from './weld.ts';

/** Marks a vertex no triangle uses in meshoptimizer's remap tables. */
const UNUSED = 0xffffffff;

/**
 * The triangles of `indices` with only the vertices they use, both reordered by meshoptimizer's
 * reorderMesh: triangles in strip-like order (optimizeVertexCacheStrip, which it recommends for
 * transmission), then vertices in the order the triangles first use them (optimizeVertexFetch).
 * Neighbours in the file are then neighbours on the model, which is what makes the meshopt
 * codec's deltas small; the GPU's vertex cache likes the same order.
 */
export function reorderForTransmission(
  { encoder }: Meshopt,
  positions: Float32Array,
  indices: Uint32Array,
): IndexedMesh {
  // reorderMesh rewrites the array it is given.
  const ordered = indices.slice();
  const [newIndexOf, vertices] = encoder.reorderMesh(ordered, true, true);
  const compact = new Float32Array(vertices * 3);
  for (let vertex = 0; vertex < newIndexOf.length; vertex++) {
    const to = newIndexOf[vertex]!;
    if (to === UNUSED) continue;
    compact[to * 3] = positions[vertex * 3]!;
    compact[to * 3 + 1] = positions[vertex * 3 + 1]!;
    compact[to * 3 + 2] = positions[vertex * 3 + 2]!;
  }
  return { indices: ordered, positions: compact };
}
