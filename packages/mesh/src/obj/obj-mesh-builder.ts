import type { MeshWarning } from '../mesh-analysis.ts';
import { MAX_MODEL_TRIANGLES, MeshRejectedError } from '../mesh-errors.ts';
import { isNonFiniteWord, parseDecimal } from '../parse-number.ts';
import { TriangleBatch, type TriangleSink } from '../triangle-batch.ts';
import { parseCornerVertex } from './face-corner.ts';
import { type ObjStatement, type ObjStatementHandler, VERTEX } from './obj-statement-scanner.ts';
import { ObjVertices } from './obj-vertices.ts';

/**
 * Turns `v` and `f` statements into triangles as they come: a face refers to vertices defined
 * before it, so its triangles are complete when its corners are read and go to the sink (through
 * a batch) at once. Memory is the vertex array plus a batch, whatever the number of faces.
 *
 * A face of n corners becomes the fan (0, i, i + 1) for i = 1 to n - 2, which needs no memory
 * beyond its first and last corner: a quad gives (0, 1, 2), (0, 2, 3), and a convex polygon is
 * covered exactly (a concave one is not: its area and volume may be off, its bounding box never
 * is). A face of fewer than three corners is skipped with the warning 'short-face'. Words after a
 * vertex's x, y, z (a w, or the r, g, b some exporters append) are ignored.
 */
export class ObjMeshBuilder implements ObjStatementHandler {
  triangles = 0;
  readonly warnings: MeshWarning[] = [];
  readonly #vertices = new ObjVertices();
  readonly #createSink: () => TriangleSink;
  #sink: TriangleSink | null = null;
  readonly #batch = new TriangleBatch();
  /** Words read in the current statement: a vertex's coordinates, or a face's corners. */
  #words = 0;
  #x = 0;
  #y = 0;
  /** The face's first corner and the last one read, as vertex indices. */
  #firstCorner = 0;
  #previousCorner = 0;

  /** `createSink` is called when the first triangles are handed over: text without faces costs nothing. */
  constructor(createSink: () => TriangleSink) {
    this.#createSink = createSink;
  }

  word(statement: ObjStatement, bytes: Uint8Array, start: number, end: number): void {
    if (statement === VERTEX) this.#coordinate(bytes, start, end);
    else this.#corner(bytes, start, end);
  }

  end(statement: ObjStatement): void {
    const words = this.#words;
    this.#words = 0;
    if (statement === VERTEX) {
      if (words < 3) throw new MeshRejectedError('obj', 'unreadable');
    } else if (words < 3 && !this.warnings.includes('short-face')) this.warnings.push('short-face');
  }

  /** Hands over the last triangles; a file without any is refused. */
  finish(): void {
    if (this.triangles === 0) throw new MeshRejectedError('obj', 'no-triangles');
    this.#flush();
  }

  #coordinate(bytes: Uint8Array, start: number, end: number): void {
    const component = this.#words++;
    if (component > 2) return;
    const value = parseDecimal(bytes, start, end);
    if (Number.isNaN(value)) {
      throw new MeshRejectedError(
        'obj',
        isNonFiniteWord(bytes, start, end) ? 'invalid-coordinates' : 'unreadable',
      );
    }
    // Beyond float32's range a value becomes infinite, and is refused like an infinite one.
    const stored = Math.fround(value);
    if (!Number.isFinite(stored)) throw new MeshRejectedError('obj', 'invalid-coordinates');
    if (component === 0) this.#x = stored;
    else if (component === 1) this.#y = stored;
    else this.#vertices.add(this.#x, this.#y, stored);
  }

  #corner(bytes: Uint8Array, start: number, end: number): void {
    const reference = parseCornerVertex(bytes, start, end);
    if (Number.isNaN(reference)) throw new MeshRejectedError('obj', 'unreadable');
    const vertex = this.#vertices.resolve(reference);
    const corner = this.#words++;
    if (corner === 0) this.#firstCorner = vertex;
    else if (corner >= 2) this.#addTriangle(this.#firstCorner, this.#previousCorner, vertex);
    this.#previousCorner = vertex;
  }

  #addTriangle(a: number, b: number, c: number): void {
    if (++this.triangles > MAX_MODEL_TRIANGLES) throw new MeshRejectedError('obj', 'too-many-triangles');
    const coordinates = this.#vertices.coordinates;
    this.#setCorner(coordinates, 0, a);
    this.#setCorner(coordinates, 3, b);
    this.#setCorner(coordinates, 6, c);
    this.#batch.count++;
    if (this.#batch.full) this.#flush();
  }

  /** Copies a vertex into the next record: `first` is 0, 3 or 6 for its first, second or third corner. */
  #setCorner(coordinates: Float32Array, first: number, vertex: number): void {
    const at = vertex * 3;
    this.#batch.setCoordinate(first, coordinates[at]!);
    this.#batch.setCoordinate(first + 1, coordinates[at + 1]!);
    this.#batch.setCoordinate(first + 2, coordinates[at + 2]!);
  }

  #flush(): void {
    this.#sink ??= this.#createSink();
    if (!this.#batch.flushTo(this.#sink)) throw new MeshRejectedError('obj', 'invalid-coordinates');
  }
}
