import type { ModelKind } from './mesh-errors.ts';
import type { MeshReader } from './mesh-reader.ts';
import { createMeshReader } from './readers.ts';
import { BINARY_HEADER_SIZE } from './stl/binary-stl.ts';
import { TRIANGLE_RECORD_SIZE, type TriangleSink, VERTICES_OFFSET } from './triangle-batch.ts';

const FLOATS_PER_TRIANGLE = 9;
const INITIAL_TRIANGLES = 4096;

/**
 * The triangles of a model file (checked as on upload) as one flat array for rendering: 9 floats
 * per triangle, x, y, z of each vertex, in millimetres (a 3MF's placed as its build says).
 * Throws MeshRejectedError for a file we refuse.
 */
export function parseMeshPositions(kind: ModelKind, bytes: Uint8Array): Float32Array {
  const reader = meshPositionsReader(kind, bytes.length);
  reader.push(bytes);
  return reader.finish();
}

/** `parseMeshPositions` fed chunk by chunk; `fileSize` bounds what a damaged header may claim. */
export function meshPositionsReader(kind: ModelKind, fileSize: number) {
  const reader: MeshReader<PositionCollector> = createMeshReader(
    kind,
    (format) => new PositionCollector(format === 'binary' ? binaryCapacity(fileSize) : INITIAL_TRIANGLES),
  );
  return {
    push: (chunk: Uint8Array) => reader.push(chunk),
    finish: () => reader.finish().sink.positions(),
  };
}

/** A binary STL is read by its size: this many triangles, whatever its header says. */
const binaryCapacity = (fileSize: number) =>
  Math.floor(Math.max(0, fileSize - BINARY_HEADER_SIZE) / TRIANGLE_RECORD_SIZE);

/** Appends every triangle to one array, sized once for a binary STL, else grown as needed. */
class PositionCollector implements TriangleSink {
  #positions: Float32Array;
  #length = 0;

  constructor(triangles: number) {
    this.#positions = new Float32Array(Math.max(1, triangles) * FLOATS_PER_TRIANGLE);
  }

  add(view: DataView, start: number, count: number): boolean {
    const needed = this.#length + count * FLOATS_PER_TRIANGLE;
    if (needed > this.#positions.length) {
      const grown = new Float32Array(Math.max(needed, this.#positions.length * 2));
      grown.set(this.#positions.subarray(0, this.#length));
      this.#positions = grown;
    }
    const positions = this.#positions;
    // Finite floats sum to a finite double (9 x 3.4e38 is far from overflowing); NaN or an
    // infinity anywhere does not.
    let sum = 0;
    let out = this.#length;
    for (let t = 0, at = start + VERTICES_OFFSET; t < count; t++, at += TRIANGLE_RECORD_SIZE) {
      for (let k = 0; k < FLOATS_PER_TRIANGLE; k++) {
        const value = view.getFloat32(at + k * 4, true);
        positions[out++] = value;
        sum += value;
      }
    }
    this.#length = needed;
    return Number.isFinite(sum);
  }

  positions(): Float32Array {
    return this.#length === this.#positions.length ? this.#positions : this.#positions.slice(0, this.#length);
  }
}
