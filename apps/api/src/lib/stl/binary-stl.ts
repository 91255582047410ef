import type { StlRejection } from './stl-errors.ts';
import { TRIANGLE_RECORD_SIZE, type TriangleSink } from './triangle-batch.ts';

/** 80 bytes of free text, then the triangle count as a little-endian uint32. */
export const BINARY_HEADER_SIZE = 84;

/** The size a binary STL with this many triangles has. */
export const binaryStlSize = (triangles: number) => BINARY_HEADER_SIZE + TRIANGLE_RECORD_SIZE * triangles;

/**
 * Reads the triangles of a binary STL body (everything after the 84-byte header), fed in chunks
 * split anywhere. Whole triangles go to the sink straight from the chunk, without a copy; only a
 * triangle cut by a chunk boundary is completed in a small buffer first. Stops at the first byte
 * beyond the declared count and at the first NaN or infinite coordinate, recording why in `failure`.
 */
export class BinaryStlReader {
  failure: StlRejection | null = null;
  readonly #sink: TriangleSink;
  readonly #expectedBytes: number;
  #receivedBytes = 0;
  readonly #carry = new Uint8Array(TRIANGLE_RECORD_SIZE);
  readonly #carryView = new DataView(this.#carry.buffer);
  #carryLength = 0;

  constructor(declaredTriangles: number, sink: TriangleSink) {
    this.#expectedBytes = declaredTriangles * TRIANGLE_RECORD_SIZE;
    this.#sink = sink;
  }

  /** True once exactly the declared number of triangles arrived, all of them valid. */
  get complete(): boolean {
    return this.failure === null && this.#receivedBytes === this.#expectedBytes;
  }

  push(chunk: Uint8Array): void {
    if (this.failure) return;
    const room = this.#expectedBytes - this.#receivedBytes;
    this.#receivedBytes += chunk.length;
    // The triangles before the excess are read first, so that whatever the chunks, a bad
    // coordinate in them is the reason given, as it is when the excess comes in a later chunk.
    this.#read(chunk.length > room ? chunk.subarray(0, room) : chunk);
    if (this.failure === null && chunk.length > room) this.failure = 'size-mismatch';
  }

  #read(chunk: Uint8Array): void {
    let at = 0;
    if (this.#carryLength > 0) {
      at = Math.min(TRIANGLE_RECORD_SIZE - this.#carryLength, chunk.length);
      this.#carry.set(chunk.subarray(0, at), this.#carryLength);
      this.#carryLength += at;
      if (this.#carryLength < TRIANGLE_RECORD_SIZE) return;
      this.#carryLength = 0;
      if (!this.#sink.add(this.#carryView, 0, 1)) {
        this.failure = 'invalid-coordinates';
        return;
      }
    }
    const whole = Math.floor((chunk.length - at) / TRIANGLE_RECORD_SIZE);
    if (whole > 0) {
      const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (!this.#sink.add(view, at, whole)) {
        this.failure = 'invalid-coordinates';
        return;
      }
      at += whole * TRIANGLE_RECORD_SIZE;
    }
    if (at < chunk.length) {
      this.#carry.set(chunk.subarray(at), 0);
      this.#carryLength = chunk.length - at;
    }
  }
}
