/**
 * A lock mark (1) on one vertex at each side of the bounding box: the lowest and highest in x, y
 * and z, so that the preview keeps the model's size and placement (what a viewer measures, and
 * the face it stands on). meshoptimizer's `simplify` never moves or removes a locked vertex.
 * `simplifySloppy` never merges one with others, but drops it when every triangle around it
 * collapses (its neighbours all fall into one cell of its grid): on a mesh much finer than that
 * grid, a side of the box can then move in by up to the simplification error.
 */
export function lockExtremeVertices(positions: Float32Array): Uint8Array {
  const vertices = positions.length / 3;
  const lock = new Uint8Array(vertices);
  if (vertices === 0) return lock;
  for (let axis = 0; axis < 3; axis++) {
    let lowest = 0;
    let highest = 0;
    for (let vertex = 1, at = 3 + axis; vertex < vertices; vertex++, at += 3) {
      const value = positions[at]!;
      if (value < positions[lowest * 3 + axis]!) lowest = vertex;
      if (value > positions[highest * 3 + axis]!) highest = vertex;
    }
    lock[lowest] = 1;
    lock[highest] = 1;
  }
  return lock;
}
