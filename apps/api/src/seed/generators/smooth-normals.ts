import type { Mesh } from './mesh.ts';
import { cross, normalize, sub, vertexAt } from './vector.ts';

/** Unit normal of every triangle, three numbers per triangle. */
export function faceNormals(mesh: Mesh): Float64Array {
  const { positions, triangles: t } = mesh;
  const normals = new Float64Array(t.length);
  for (let i = 0; i < t.length; i += 3) {
    normals.set(normalize(scaledNormal(positions, t[i]!, t[i + 1]!, t[i + 2]!)), i);
  }
  return normals;
}

/** Cross product of two edges: along the normal, as long as twice the triangle's area. */
function scaledNormal(positions: Float64Array, a: number, b: number, c: number) {
  const pa = vertexAt(positions, a);
  return cross(sub(vertexAt(positions, b), pa), sub(vertexAt(positions, c), pa));
}

/** Neighbouring faces closer than this are one curved surface; beyond it they meet at a crease. */
const CREASE_COSINE = Math.cos((60 * Math.PI) / 180);

/**
 * For every corner of every triangle, the area-weighted mean normal of the faces around that vertex
 * that lie within the crease angle. Shading by it makes curved surfaces look smooth and keeps edges
 * sharp; weighting by area keeps a big flat face (a wall) from taking the tint of the many small
 * faces along its edge.
 * Returns nine numbers per triangle (three corners).
 */
export function smoothedCornerNormals(mesh: Mesh, normals: Float64Array): Float64Array {
  const t = mesh.triangles;
  const vertexCount = mesh.positions.length / 3;
  // Faces around each vertex as one flat list with offsets (compressed sparse rows).
  const start = new Uint32Array(vertexCount + 1);
  for (const v of t) start[v + 1]!++;
  for (let v = 0; v < vertexCount; v++) start[v + 1]! += start[v]!;
  const cursor = start.slice(0, vertexCount);
  const around = new Uint32Array(t.length);
  for (let i = 0; i < t.length; i++) around[cursor[t[i]!]!++] = Math.floor(i / 3);

  const areas = new Float64Array(t.length / 3);
  for (let f = 0; f < areas.length; f++) {
    areas[f] = Math.hypot(...scaledNormal(mesh.positions, t[f * 3]!, t[f * 3 + 1]!, t[f * 3 + 2]!));
  }
  const corners = new Float64Array(t.length * 3);
  for (let i = 0; i < t.length; i++) {
    const face = Math.floor(i / 3);
    const v = t[i]!;
    let x = 0;
    let y = 0;
    let z = 0;
    for (let k = start[v]!; k < start[v + 1]!; k++) {
      const other = around[k]!;
      const nx = normals[other * 3]!;
      const ny = normals[other * 3 + 1]!;
      const nz = normals[other * 3 + 2]!;
      if (nx * normals[face * 3]! + ny * normals[face * 3 + 1]! + nz * normals[face * 3 + 2]! < CREASE_COSINE)
        continue;
      x += nx * areas[other]!;
      y += ny * areas[other]!;
      z += nz * areas[other]!;
    }
    corners.set(normalize([x, y, z]), i * 3);
  }
  return corners;
}
