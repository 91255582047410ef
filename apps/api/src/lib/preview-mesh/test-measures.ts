/**
 * What the preview mesh's tests measure on a mesh: holes, silhouettes, and a generated model's
 * triangles as a soup.
 */
import { rasterize } from '../stl-render/rasterize.ts';

/** A generated model's (the seed's generators) triangles as a soup, 9 floats each. */
export function meshPositions(mesh: { positions: Float64Array; triangles: Uint32Array }): Float32Array {
  const out = new Float32Array(mesh.triangles.length * 3);
  mesh.triangles.forEach((vertex, corner) => {
    out.set(mesh.positions.subarray(vertex * 3, vertex * 3 + 3), corner * 3);
  });
  return out;
}

/** Edges used by one triangle only: the borders of holes. */
export function openEdges(indices: Uint32Array): number {
  const uses = new Map<number, number>();
  for (let at = 0; at < indices.length; at += 3) {
    for (let k = 0; k < 3; k++) {
      const a = indices[at + k]!;
      const b = indices[at + ((k + 1) % 3)]!;
      const edge = Math.min(a, b) * 2 ** 26 + Math.max(a, b);
      uses.set(edge, (uses.get(edge) ?? 0) + 1);
    }
  }
  return [...uses.values()].filter((count) => count === 1).length;
}

/**
 * Intersection over union of the pixels the two meshes cover, from the front, the side and above
 * (the server's own preview renderer, each framed on its own bounding box).
 */
export function silhouetteOverlap(a: Float32Array, b: Float32Array): number {
  let both = 0;
  let either = 0;
  for (const [azimuthDeg, elevationDeg] of [
    [0, 0],
    [90, 0],
    [0, 89],
  ]) {
    const options = {
      width: 200,
      height: 200,
      background: [255, 255, 255, 0],
      shadow: false,
      supersample: 1,
      azimuthDeg,
      elevationDeg,
    } as const;
    const pixelsA = rasterize(a, options);
    const pixelsB = rasterize(b, options);
    for (let at = 3; at < pixelsA.length; at += 4) {
      const inA = pixelsA[at]! > 0;
      const inB = pixelsB[at]! > 0;
      if (inA && inB) both++;
      if (inA || inB) either++;
    }
  }
  return both / either;
}
