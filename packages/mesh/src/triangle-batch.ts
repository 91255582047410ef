/**
 * Readers hand triangles over in the binary STL layout, `count` records of 50 bytes from `start`:
 * a normal (3 floats, ignored: we recompute it from the vertices), 3 vertices of 3 little-endian
 * float32 each, a 2-byte attribute word. A binary file's chunks are passed as they are, with no
 * copy; the ASCII reader fills records of its own. Many triangles per call keep the consumer's
 * loop tight, whoever reads and whoever consumes (analysis, or positions for the renderer).
 */
export interface TriangleSink {
  /** Returns false when a coordinate is NaN or infinite: the file is then refused. */
  add(view: DataView, start: number, count: number): boolean;
}

export const TRIANGLE_RECORD_SIZE = 50;
/** Where the first vertex's x is in a record. */
export const VERTICES_OFFSET = 12;

/** 1024 records: 50 KB, small enough to stay in the CPU's caches. */
const BATCH_TRIANGLES = 1024;

/** Records built by the ASCII reader, flushed to the sink when full. */
export class TriangleBatch {
  readonly view = new DataView(new ArrayBuffer(BATCH_TRIANGLES * TRIANGLE_RECORD_SIZE));
  count = 0;

  get full(): boolean {
    return this.count === BATCH_TRIANGLES;
  }

  /** Sets coordinate `index` (0 to 8: x, y, z of vertex 0, then 1, then 2) of the next triangle. */
  setCoordinate(index: number, value: number): void {
    this.view.setFloat32(this.count * TRIANGLE_RECORD_SIZE + VERTICES_OFFSET + index * 4, value, true);
  }

  /** Hands the records over; false when the sink found a coordinate that is not finite. */
  flushTo(sink: TriangleSink): boolean {
    const count = this.count;
    this.count = 0;
    return count === 0 || sink.add(this.view, 0, count);
  }
}
