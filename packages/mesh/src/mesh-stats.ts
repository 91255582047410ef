import { ClosednessCheck, vertexHash } from './closedness.ts';
import type { MeshAnalysis, Vec3 } from './mesh-analysis.ts';
import { TRIANGLE_RECORD_SIZE, type TriangleSink, VERTICES_OFFSET } from './triangle-batch.ts';

export type MeshFacts = Omit<MeshAnalysis, 'format' | 'warnings' | 'sizeHint'>;

const MM3_PER_CM3 = 1000;
const MM2_PER_CM2 = 100;

/**
 * Sums what the analysis reports, triangle by triangle, in constant memory: one pass that reads
 * each coordinate as a float (for the measures) and as bits (for the closedness signature).
 *
 * Volume is the divergence theorem's signed sum of the tetrahedra each triangle forms with a
 * reference point; for a closed surface the point does not matter, and taking the first vertex
 * rather than the origin keeps the terms small (less rounding) for a model placed far from 0.
 * Sums run in file order whatever the calls' sizes, so any chunking gives the same bits.
 */
export class MeshStats implements TriangleSink {
  triangles = 0;
  #minX = Number.POSITIVE_INFINITY;
  #minY = Number.POSITIVE_INFINITY;
  #minZ = Number.POSITIVE_INFINITY;
  #maxX = Number.NEGATIVE_INFINITY;
  #maxY = Number.NEGATIVE_INFINITY;
  #maxZ = Number.NEGATIVE_INFINITY;
  #originX = 0;
  #originY = 0;
  #originZ = 0;
  /** Six times the signed volume, and twice the area: the divisions are done once at the end. */
  #volume6 = 0;
  #area2 = 0;
  readonly #closedness = new ClosednessCheck();

  add(view: DataView, start: number, count: number): boolean {
    if (count === 0) return true;
    const first = start + VERTICES_OFFSET;
    if (this.triangles === 0) {
      this.#originX = view.getFloat32(first, true);
      this.#originY = view.getFloat32(first + 4, true);
      this.#originZ = view.getFloat32(first + 8, true);
    }
    const ox = this.#originX;
    const oy = this.#originY;
    const oz = this.#originZ;
    let minX = this.#minX;
    let minY = this.#minY;
    let minZ = this.#minZ;
    let maxX = this.#maxX;
    let maxY = this.#maxY;
    let maxZ = this.#maxZ;
    let volume6 = this.#volume6;
    let area2 = this.#area2;
    const closedness = this.#closedness;
    for (let t = 0, at = first; t < count; t++, at += TRIANGLE_RECORD_SIZE) {
      const ax = view.getFloat32(at, true);
      const ay = view.getFloat32(at + 4, true);
      const az = view.getFloat32(at + 8, true);
      const bx = view.getFloat32(at + 12, true);
      const by = view.getFloat32(at + 16, true);
      const bz = view.getFloat32(at + 20, true);
      const cx = view.getFloat32(at + 24, true);
      const cy = view.getFloat32(at + 28, true);
      const cz = view.getFloat32(at + 32, true);
      if (ax < minX) minX = ax;
      if (bx < minX) minX = bx;
      if (cx < minX) minX = cx;
      if (ax > maxX) maxX = ax;
      if (bx > maxX) maxX = bx;
      if (cx > maxX) maxX = cx;
      if (ay < minY) minY = ay;
      if (by < minY) minY = by;
      if (cy < minY) minY = cy;
      if (ay > maxY) maxY = ay;
      if (by > maxY) maxY = by;
      if (cy > maxY) maxY = cy;
      if (az < minZ) minZ = az;
      if (bz < minZ) minZ = bz;
      if (cz < minZ) minZ = cz;
      if (az > maxZ) maxZ = az;
      if (bz > maxZ) maxZ = bz;
      if (cz > maxZ) maxZ = cz;
      const ux = bx - ax;
      const uy = by - ay;
      const uz = bz - az;
      const vx = cx - ax;
      const vy = cy - ay;
      const vz = cz - az;
      // (b - a) x (c - a): twice the area as its length, the outward normal by the winding.
      const nx = uy * vz - uz * vy;
      const ny = uz * vx - ux * vz;
      const nz = ux * vy - uy * vx;
      area2 += Math.sqrt(nx * nx + ny * ny + nz * nz);
      // (a - o) . ((b - a) x (c - a)) equals (a - o) . ((b - o) x (c - o)): 6 x the tetrahedron.
      volume6 += (ax - ox) * nx + (ay - oy) * ny + (az - oz) * nz;
      closedness.addTriangle(
        vertexHash(view.getInt32(at, true), view.getInt32(at + 4, true), view.getInt32(at + 8, true)),
        vertexHash(view.getInt32(at + 12, true), view.getInt32(at + 16, true), view.getInt32(at + 20, true)),
        vertexHash(view.getInt32(at + 24, true), view.getInt32(at + 28, true), view.getInt32(at + 32, true)),
      );
    }
    this.#minX = minX;
    this.#minY = minY;
    this.#minZ = minZ;
    this.#maxX = maxX;
    this.#maxY = maxY;
    this.#maxZ = maxZ;
    this.#volume6 = volume6;
    this.#area2 = area2;
    this.triangles += count;
    // A NaN or infinite coordinate makes the area NaN or infinite (NaN - x, Inf - Inf, Inf x 0 are
    // NaN; finite float32 values cannot overflow these float64 sums): one test per call suffices.
    return Number.isFinite(area2);
  }

  /** The measures; the reader adds how the file was written and what it forgave. */
  result(): MeshFacts {
    // + 0 turns -0 into 0: a corner at -0 is at 0.
    const min: Vec3 = [this.#minX + 0, this.#minY + 0, this.#minZ + 0];
    const max: Vec3 = [this.#maxX + 0, this.#maxY + 0, this.#maxZ + 0];
    const areaMm2 = this.#area2 / 2;
    // A surface of no area (only degenerate triangles) encloses nothing: not closed.
    const closed = this.#closedness.balanced && areaMm2 > 0;
    return {
      triangles: this.triangles,
      bbox: { min, max },
      sizeMm: [max[0] - min[0], max[1] - min[1], max[2] - min[2]],
      volumeCm3: closed ? Math.abs(this.#volume6 / 6) / MM3_PER_CM3 : null,
      areaMm2,
      areaCm2: areaMm2 / MM2_PER_CM2,
      closed,
    };
  }
}
