import { createMeshReader } from '@printmarket/mesh/readers';
import { TRIANGLE_RECORD_SIZE, type TriangleSink, VERTICES_OFFSET } from '@printmarket/mesh/triangle-batch';
import type { ModelKind } from '@printmarket/shared/uploads';
import { type ClusterLimits, VertexClusters } from '../preview-mesh/vertex-clusters.ts';

const FLOATS_PER_TRIANGLE = 9;

/**
 * Most triangles a preview is rendered from (36 bytes each: 36 MB). A card is 600x450 pixels and a
 * gallery image 1200x900: a mesh beyond this has several triangles per pixel, so an even sample
 * draws the same picture while the memory of one render stays bounded whatever the upload.
 */
export const PREVIEW_TRIANGLE_BUDGET = 1_000_000;

/**
 * The triangles to render a preview of a stored model from: all of them, or every k-th for a mesh
 * of more than `budget` (its count known from the upload's analysis). Read chunk by chunk from
 * `source` (a file or storage stream), never held whole.
 */
export async function readPreviewTriangles(
  kind: ModelKind,
  source: AsyncIterable<Uint8Array>,
  triangles: number,
  budget = PREVIEW_TRIANGLE_BUDGET,
): Promise<Float32Array> {
  const stride = Math.max(1, Math.ceil(triangles / budget));
  return (await readInto(kind, source, new EveryKth(stride, Math.ceil(triangles / stride)))).positions();
}

/**
 * The triangles of a stored model too large to hold, its vertices clustered on a grid as they
 * stream past (VertexClusters): a whole surface, within `limits`, to build a preview mesh from.
 * `largestSideMm` is the model's largest side, known from the upload's analysis.
 */
export async function readClusteredTriangles(
  kind: ModelKind,
  source: AsyncIterable<Uint8Array>,
  largestSideMm: number,
  limits?: ClusterLimits,
): Promise<Float32Array> {
  return (await readInto(kind, source, new VertexClusters(largestSideMm, limits))).positions();
}

async function readInto<S extends TriangleSink>(
  kind: ModelKind,
  source: AsyncIterable<Uint8Array>,
  sink: S,
): Promise<S> {
  const reader = createMeshReader(kind, () => sink);
  for await (const chunk of source) reader.push(chunk);
  reader.finish();
  return sink;
}
/** Keeps triangle 0, k, 2k, ... in one array sized up front. */
class EveryKth implements TriangleSink {
  readonly #stride: number;
  readonly #positions: Float32Array;
  #seen = 0;
  #length = 0;

  constructor(stride: number, capacity: number) {
    this.#stride = stride;
    this.#positions = new Float32Array(capacity * FLOATS_PER_TRIANGLE);
  }

  add(view: DataView, start: number, count: number): boolean {
    // The first triangle of this batch that falls on the stride.
    let t = (this.#stride - (this.#seen % this.#stride)) % this.#stride;
    // The upload's analysis already refused non-finite coordinates; this is the sink's contract.
    let sum = 0;
    for (; t < count && this.#length < this.#positions.length; t += this.#stride) {
      const at = start + t * TRIANGLE_RECORD_SIZE + VERTICES_OFFSET;
      for (let k = 0; k < FLOATS_PER_TRIANGLE; k++) {
        const value = view.getFloat32(at + k * 4, true);
        this.#positions[this.#length++] = value;
        sum += value;
      }
    }
    this.#seen += count;
    return Number.isFinite(sum);
  }

  positions(): Float32Array {
    return this.#length === this.#positions.length ? this.#positions : this.#positions.slice(0, this.#length);
  }
}
