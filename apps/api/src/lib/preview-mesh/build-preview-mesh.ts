import { loadMeshopt } from './load-meshopt.ts';
import { previewGrid, quantizeToGrid, snapToGrid } from './quantize.ts';
import { reorderForTransmission } from './reorder.ts';
import { type SimplificationMethod, simplifyToBudget } from './simplify.ts';
import { weldPositions } from './weld.ts';
import { writePreviewGlb } from './write-glb.ts';

/** The most triangles a preview mesh has. */
export const PREVIEW_MAX_TRIANGLES = 50_000;
/**
 * The smallest budget accepted: simplifySloppy cannot remove the triangles on the vertices locked
 * at the sides of the bounding box (see lockExtremeVertices), a few dozen at most.
 */
const MIN_TRIANGLES = 100;

export type PreviewMeshOptions = {
  /** Default PREVIEW_MAX_TRIANGLES; at least 100. */
  maxTriangles?: number;
  /** EXT_meshopt_compression on the buffers, default true; false only to measure what it saves. */
  compress?: boolean;
};

export type PreviewMesh = {
  /** The glTF binary (model/gltf-binary, `.glb`). */
  glb: Uint8Array;
  /** In the preview. */
  triangles: number;
  vertices: number;
  /** In the model given. */
  sourceTriangles: number;
  simplification: SimplificationMethod;
  /** meshoptimizer's estimate of how far simplifying moved the surface, at most (0 when it did not). */
  simplificationErrorMm: number;
  /** Quantization step of the positions, millimetres. */
  stepMm: number;
  /**
   * Of the model given, millimetres, as its file placed it; the preview's is the same, to the step
   * (simplifying keeps the vertices at its sides: see lockExtremeVertices).
   */
  bounds: { min: [number, number, number]; max: [number, number, number] };
};

/**
 * The public preview of a model: at most `maxTriangles` triangles (simplified with meshoptimizer),
 * positions quantized to 16 bits, written as a compact glTF binary that three.js's GLTFLoader
 * reads with its MeshoptDecoder. Millimetres and the model file's own axes (Z up), with the
 * model where the file placed it: see write-glb.ts for what the file holds, and decision 0018
 * (docs/decisions) for the measurements behind each step.
 *
 * `positions` is a triangle soup as parseMeshPositions returns it: 9 floats per triangle, x, y, z
 * of each corner. The preview never holds a coordinate of it as it was (every one is rounded to
 * the 16-bit grid), so the model file cannot be had from the preview.
 */
export async function buildPreviewMesh(
  positions: Float32Array,
  options: PreviewMeshOptions = {},
): Promise<PreviewMesh> {
  const maxTriangles = options.maxTriangles ?? PREVIEW_MAX_TRIANGLES;
  if (!Number.isInteger(maxTriangles) || maxTriangles < MIN_TRIANGLES)
    throw new RangeError(`maxTriangles: ${maxTriangles}`);
  if (positions.length === 0 || positions.length % 9 !== 0) {
    throw new RangeError(`positions: ${positions.length} floats is not a whole number of triangles (9 each)`);
  }
  if (!allFinite(positions)) throw new RangeError('positions: not every coordinate is a finite number');

  const meshopt = await loadMeshopt();
  // The preview's positions lie on this grid; snapped to it first, corners apart by mere rounding
  // noise weld too (an exporter's noise would otherwise leave cracks the simplifier cannot cross).
  const grid = previewGrid(positions);
  const welded = weldPositions(meshopt, snapToGrid(positions, grid));
  const simplified = simplifyToBudget(meshopt, welded, maxTriangles);
  const ordered = reorderForTransmission(meshopt, welded.positions, simplified.indices);
  const glb = await writePreviewGlb(meshopt, {
    grid,
    positions: quantizeToGrid(ordered.positions, grid),
    indices: ordered.indices,
    compress: options.compress ?? true,
  });
  return {
    glb,
    triangles: ordered.indices.length / 3,
    vertices: ordered.positions.length / 3,
    sourceTriangles: positions.length / 9,
    simplification: simplified.method,
    simplificationErrorMm: simplified.errorMm,
    stepMm: grid.stepMm,
    bounds: { min: grid.min, max: grid.max },
  };
}

/**
 * Finite floats sum to a finite double (9 million times 3.4e38 is far from overflowing); NaN or an
 * infinity anywhere does not.
 */
function allFinite(values: Float32Array): boolean {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return Number.isFinite(sum);
}
