import { MAX_MODEL_VERTICES, MeshRejectedError } from '../mesh-errors.ts';

/** Faces refer to vertices by number, so every vertex is held until the end (see the limit). */
export const MAX_OBJ_VERTICES = MAX_MODEL_VERTICES;

const INITIAL_VERTICES = 1024;

/**
 * The vertices defined so far, as float32 like STL coordinates (so an OBJ and an STL of the same
 * mesh measure the same), in one array that doubles when full.
 */
export class ObjVertices {
  count = 0;
  #coordinates = new Float32Array(INITIAL_VERTICES * 3);

  /** x, y, z of vertex `i` (0-based) at 3i, 3i + 1, 3i + 2; replaced when the array grows. */
  get coordinates(): Float32Array {
    return this.#coordinates;
  }

  add(x: number, y: number, z: number): void {
    const at = this.count * 3;
    if (at === this.#coordinates.length) this.#grow();
    const coordinates = this.#coordinates;
    coordinates[at] = x;
    coordinates[at + 1] = y;
    coordinates[at + 2] = z;
    this.count++;
  }

  /**
   * The 0-based index of the vertex a face corner names: 1 is the first vertex defined, -1 the
   * last one defined so far. 0, and any vertex not defined yet, is 'bad-index'.
   */
  resolve(reference: number): number {
    const index = reference > 0 ? reference - 1 : this.count + reference;
    if (reference === 0 || index < 0 || index >= this.count) throw new MeshRejectedError('obj', 'bad-index');
    return index;
  }

  #grow(): void {
    if (this.count >= MAX_OBJ_VERTICES) throw new MeshRejectedError('obj', 'too-many-vertices');
    const grown = new Float32Array(Math.min(this.count * 2, MAX_OBJ_VERTICES) * 3);
    grown.set(this.#coordinates);
    this.#coordinates = grown;
  }
}
