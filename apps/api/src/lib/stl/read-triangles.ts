import { stat } from 'node:fs/promises';
import { forEachChunk } from './analyze-file.ts';
import { BINARY_HEADER_SIZE } from './binary-stl.ts';
import { StlDecoder } from './stl-decoder.ts';
import { TRIANGLE_RECORD_SIZE, type TriangleSink, VERTICES_OFFSET } from './triangle-batch.ts';

const FLOATS_PER_TRIANGLE = 9;
const INITIAL_TRIANGLES = 4096;

/**
 * The triangles of an STL file (binary or ASCII, checked as on upload) as one flat array for
 * rendering: 9 floats per triangle, x, y, z of each vertex, in file order, in millimetres.
 * Throws StlRejectedError for a file we refuse.
 */
export function parseStlTriangles(bytes: Uint8Array): Float32Array {
  const decoder = new StlDecoder((_format, declared) => new PositionCollector(declared, bytes.length));
  decoder.push(bytes);
  return decoder.finish().sink.positions();
}

/** `parseStlTriangles` for a file path (streamed, never read whole) or bytes already in memory. */
export async function readStlTriangles(input: string | Uint8Array): Promise<Float32Array> {
  if (typeof input !== 'string') return parseStlTriangles(input);
  const { size } = await stat(input);
  const decoder = new StlDecoder((_format, declared) => new PositionCollector(declared, size));
  await forEachChunk(input, (chunk) => decoder.push(chunk));
  return decoder.finish().sink.positions();
}

/** Appends every triangle to one growing array, sized once when the file declares its count. */
class PositionCollector implements TriangleSink {
  #positions: Float32Array;
  #length = 0;

  constructor(declaredTriangles: number | null, fileSize: number) {
    // A damaged header may declare far more triangles than the file holds: trust the size too.
    const fit = Math.floor(Math.max(0, fileSize - BINARY_HEADER_SIZE) / TRIANGLE_RECORD_SIZE);
    const triangles = declaredTriangles === null ? INITIAL_TRIANGLES : Math.min(declaredTriangles, fit);
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
