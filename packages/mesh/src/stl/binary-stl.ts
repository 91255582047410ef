import { MAX_MODEL_TRIANGLES, type MeshRejection } from '../mesh-errors.ts';
import { TRIANGLE_RECORD_SIZE, type TriangleSink } from '../triangle-batch.ts';

/** 80 bytes of free text, then the triangle count as a little-endian uint32. */
export const BINARY_HEADER_SIZE = 84;

/** The size a binary STL with this many triangles has. */
export const binaryStlSize = (triangles: number) => BINARY_HEADER_SIZE + TRIANGLE_RECORD_SIZE * triangles;

/**
 * Reads the triangles of a binary STL body (everything after the 84-byte header), fed in chunks
 * split anywhere: every whole 50-byte record, whatever the header declared, as slicers do (the
 * decoder compares the two at the end). Whole triangles go to the sink straight from the chunk,
 * without a copy; only a triangle cut by a chunk boundary is completed in a small buffer first, and
 * what is left in it at the end is padding. Stops at the first NaN or infinite coordinate and at
 * the first triangle beyond the limit, recording why in `failure`.
 */
export class BinaryStlReader {
  failure: MeshRejection | null = null;
  triangles = 0;
  readonly #sink: TriangleSink;
  readonly #carry = new Uint8Array(TRIANGLE_RECORD_SIZE);
  readonly #carryView = new DataView(this.#carry.buffer);
  #carryLength = 0;

  constructor(sink: TriangleSink) {
    this.#sink = sink;
  }

  /** Bytes after the last whole record. */
  get trailingBytes(): number {
    return this.#carryLength;
  }

  push(chunk: Uint8Array): void {
    if (this.failure) return;
    let at = 0;
    if (this.#carryLength > 0) {
      at = Math.min(TRIANGLE_RECORD_SIZE - this.#carryLength, chunk.length);
      this.#carry.set(chunk.subarray(0, at), this.#carryLength);
      this.#carryLength += at;
      if (this.#carryLength < TRIANGLE_RECORD_SIZE) return;
      this.#carryLength = 0;
      if (!this.#hand(this.#carryView, 0, 1)) return;
    }
    const whole = Math.floor((chunk.length - at) / TRIANGLE_RECORD_SIZE);
    if (whole > 0) {
      const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (!this.#hand(view, at, whole)) return;
      at += whole * TRIANGLE_RECORD_SIZE;
    }
    if (at < chunk.length) {
      this.#carry.set(chunk.subarray(at), 0);
      this.#carryLength = chunk.length - at;
    }
  }

  #hand(view: DataView, start: number, count: number): boolean {
    this.triangles += count;
    if (this.triangles > MAX_MODEL_TRIANGLES) this.failure = 'too-many-triangles';
    else if (!this.#sink.add(view, start, count)) this.failure = 'invalid-coordinates';
    return this.failure === null;
  }
}
