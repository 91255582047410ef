import { createMeshReader } from '@printmarket/mesh/readers';
import { TRIANGLE_RECORD_SIZE, type TriangleSink, VERTICES_OFFSET } from '@printmarket/mesh/triangle-batch';
import type { ModelKind } from '@printmarket/shared/uploads';
import { VertexClusters } from '../preview-mesh/vertex-clusters.ts';

const FLOATS_PER_TRIANGLE = 9;

/**
 * Most triangles a preview picture is rendered from (36 bytes each: 36 MB), whatever the upload. A
 * card is 600x450 pixels and a gallery image 1200x900: half a million triangles, what a larger model
 * is clustered to, are already finer than the pixels.
 */
export const PREVIEW_TRIANGLE_BUDGET = 1_000_000;

/** What the upload's analysis knows of a stored model. */
export type StoredModel = { kind: ModelKind; triangles: number; sizeMm: readonly number[] };

/**
 * The triangles to make a preview (a picture or the preview mesh) of a stored model from, read
 * chunk by chunk from `source` (a file or storage stream), never held whole: every triangle when
 * there are at most `budget`; past it, the model's vertices clustered on a grid as they stream past
 * (VertexClusters), a whole surface of at most half the budget (the grid's tables take the rest of
 * the memory). An even sample of the triangles would leave see-through gaps all over the surface.
 */
export async function readPreviewTriangles(
  model: StoredModel,
  source: AsyncIterable<Uint8Array>,
  budget = PREVIEW_TRIANGLE_BUDGET,
): Promise<Float32Array> {
  const sink =
    model.triangles <= budget
      ? new AllTriangles(model.triangles)
      : new VertexClusters(Math.max(...model.sizeMm), {
          triangles: Math.floor(budget / 2),
          vertices: Math.floor(budget / 4),
        });
  const reader = createMeshReader(model.kind, () => sink);
  for await (const chunk of source) reader.push(chunk);
  reader.finish();
  return sink.positions();
}

/** Every triangle, in one array sized up front from the analysis' count. */
class AllTriangles implements TriangleSink {
  readonly #positions: Float32Array;
  #length = 0;

  constructor(capacity: number) {
    this.#positions = new Float32Array(capacity * FLOATS_PER_TRIANGLE);
  }

  add(view: DataView, start: number, count: number): boolean {
    // The upload's analysis already refused non-finite coordinates; this is the sink's contract.
    let sum = 0;
    for (let t = 0; t < count && this.#length < this.#positions.length; t++) {
      const at = start + t * TRIANGLE_RECORD_SIZE + VERTICES_OFFSET;
      for (let k = 0; k < FLOATS_PER_TRIANGLE; k++) {
        const value = view.getFloat32(at + k * 4, true);
        this.#positions[this.#length++] = value;
        sum += value;
      }
    }
    return Number.isFinite(sum);
  }

  positions(): Float32Array {
    return this.#length === this.#positions.length ? this.#positions : this.#positions.slice(0, this.#length);
  }
}
