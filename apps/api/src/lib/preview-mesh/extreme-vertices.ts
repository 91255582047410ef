import type { IndexedMesh } from './weld.ts';

/** In the marks below: a vertex at a side of the box whose triangle is not locked yet. */
const EXTREME = 2;
const LOCKED = 1;

/**
 * Lock marks (1) for meshoptimizer's simplifiers that keep the preview's bounding box the model's:
 * what a viewer measures, and the face the model stands on. Marked are one vertex at each side of
 * the box (the lowest and highest in x, y and z) and the corners of one triangle around each.
 *
 * `simplify` never moves or removes a locked vertex. `simplifySloppy` never merges one with another,
 * but drops every triangle whose corners fall into fewer than three cells of its grid, and with them
 * a vertex, locked or not: a triangle of three locked corners always keeps three cells, and so its
 * extreme vertex. (Locking the extreme vertices alone, a knurled knob of 991,408 triangles lost a
 * side by 0.7 µm; locking every neighbour kept the thousand triangles around a sphere's pole.)
 */
export function lockExtremeVertices({ indices, positions }: IndexedMesh): Uint8Array {
  const vertices = positions.length / 3;
  const marks = new Uint8Array(vertices);
  if (vertices === 0) return marks;
  for (let axis = 0; axis < 3; axis++) {
    let lowest = 0;
    let highest = 0;
    for (let vertex = 1, at = 3 + axis; vertex < vertices; vertex++, at += 3) {
      const value = positions[at]!;
      if (value < positions[lowest * 3 + axis]!) lowest = vertex;
      if (value > positions[highest * 3 + axis]!) highest = vertex;
    }
    marks[lowest] = EXTREME;
    marks[highest] = EXTREME;
  }
  let waiting = marks.reduce((count, mark) => count + (mark === EXTREME ? 1 : 0), 0);
  for (let at = 0; at < indices.length && waiting > 0; at += 3) {
    const a = indices[at]!;
    const b = indices[at + 1]!;
    const c = indices[at + 2]!;
    // A triangle with a repeated corner is dropped by the simplifiers anyway.
    if (a === b || b === c || a === c) continue;
    if (marks[a] !== EXTREME && marks[b] !== EXTREME && marks[c] !== EXTREME) continue;
    for (const vertex of [a, b, c]) {
      if (marks[vertex] === EXTREME) waiting--;
      marks[vertex] = LOCKED;
    }
  }
  // An extreme vertex that no triangle uses (none after welding) is locked all the same.
  return marks.map((mark) => (mark === 0 ? 0 : LOCKED));
}
