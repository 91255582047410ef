import { TRIANGLE_RECORD_SIZE, type TriangleSink, VERTICES_OFFSET } from '@printmarket/mesh/triangle-batch';

export type ClusterLimits = {
  /** Grid cells with a vertex in them, at most. */
  vertices: number;
  /** Triangles kept, at most. */
  triangles: number;
};

/** Cells across the model's largest side to start with: finer than a 50,000-triangle preview shows. */
const START_CELLS_ACROSS = 2048;
const FLOATS_PER_TRIANGLE = 9;
const EMPTY = -1;
const NOT_FINITE = -1;

/**
 * A mesh too large to hold, brought within `limits` as it streams past: every vertex falls into a
 * cell of a grid, a cell's vertices become one (at their mean position), and a triangle whose
 * corners fall into fewer than three cells is dropped. Neighbouring triangles keep sharing their
 * corners, so the surface stays whole: an even sample of the triangles instead would have left
 * most of it out (a 1-in-5 sample covered 17 % of a sphere's surface). This is the vertex
 * clustering meshoptimizer's simplifySloppy does, which needs the whole mesh in memory; here only
 * the cells and the kept triangles are held. The result is drawn as the preview pictures, and goes
 * on to buildPreviewMesh, which simplifies it to the preview mesh's budget.
 *
 * The grid starts at 1/2048 of the model's largest side and doubles its cells, merging their
 * contents, whenever the cells or the triangles would exceed the limits; merging gives what the
 * coarser grid would have given from the start. Cells are counted from the first vertex, so their
 * coordinates stay small wherever the model lies.
 */
export class VertexClusters implements TriangleSink {
  readonly #limits: ClusterLimits;
  #cellMm: number;
  #origin: [number, number, number] | null = null;
  /** Per kept vertex: its cell, and the sum and count of the vertices that fell into it. */
  #cellX: Int32Array;
  #cellY: Int32Array;
  #cellZ: Int32Array;
  #sums: Float64Array;
  #counts: Uint32Array;
  #vertexCount = 0;
  /** Open addressing, linear probing: a cell's kept vertex, or EMPTY. */
  #slots: Int32Array;
  #corners: Uint32Array;
  #triangleCount = 0;

  constructor(largestSideMm: number, limits: ClusterLimits) {
    this.#limits = limits;
    this.#cellMm = largestSideMm > 0 ? largestSideMm / START_CELLS_ACROSS : 1;
    this.#cellX = new Int32Array(limits.vertices);
    this.#cellY = new Int32Array(limits.vertices);
    this.#cellZ = new Int32Array(limits.vertices);
    this.#sums = new Float64Array(limits.vertices * 3);
    this.#counts = new Uint32Array(limits.vertices);
    this.#slots = new Int32Array(slotCount(limits.vertices)).fill(EMPTY);
    this.#corners = new Uint32Array(limits.triangles * 3);
  }

  /** The grid's cell size now, millimetres. */
  get cellMm(): number {
    return this.#cellMm;
  }

  add(view: DataView, start: number, count: number): boolean {
    for (let t = 0; t < count; t++) {
      const at = start + t * TRIANGLE_RECORD_SIZE + VERTICES_OFFSET;
      if (this.#vertexCount + 3 > this.#limits.vertices || this.#triangleCount >= this.#limits.triangles) {
        this.#coarsen();
      }
      const a = this.#vertex(view, at);
      const b = this.#vertex(view, at + 12);
      const c = this.#vertex(view, at + 24);
      if (a === NOT_FINITE || b === NOT_FINITE || c === NOT_FINITE) return false;
      if (a === b || b === c || a === c) continue;
      const corner = this.#triangleCount++ * 3;
      this.#corners[corner] = a;
      this.#corners[corner + 1] = b;
      this.#corners[corner + 2] = c;
    }
    return true;
  }

  /** The kept triangles as a soup (9 floats each), each corner at its cell's mean position. */
  positions(): Float32Array {
    const out = new Float32Array(this.#triangleCount * FLOATS_PER_TRIANGLE);
    for (let i = 0; i < this.#triangleCount * 3; i++) {
      const vertex = this.#corners[i]!;
      const n = this.#counts[vertex]!;
      for (let axis = 0; axis < 3; axis++) out[i * 3 + axis] = this.#sums[vertex * 3 + axis]! / n;
    }
    return out;
  }

  /** The kept vertex of the cell the point at `at` falls into, counted in that cell. */
  #vertex(view: DataView, at: number): number {
    const x = view.getFloat32(at, true);
    const y = view.getFloat32(at + 4, true);
    const z = view.getFloat32(at + 8, true);
    if (!Number.isFinite(x + y + z)) return NOT_FINITE;
    this.#origin ??= [x, y, z];
    const [ox, oy, oz] = this.#origin;
    const vertex = this.#cellVertex(
      Math.floor((x - ox) / this.#cellMm),
      Math.floor((y - oy) / this.#cellMm),
      Math.floor((z - oz) / this.#cellMm),
    );
    this.#addTo(vertex, x, y, z, 1);
    return vertex;
  }

  /** The vertex kept for cell (cx, cy, cz), made (with nothing in it yet) when new. */
  #cellVertex(cx: number, cy: number, cz: number): number {
    const mask = this.#slots.length - 1;
    for (let slot = cellHash(cx, cy, cz) & mask; ; slot = (slot + 1) & mask) {
      const vertex = this.#slots[slot]!;
      if (vertex === EMPTY) {
        const made = this.#vertexCount++;
        this.#slots[slot] = made;
        this.#cellX[made] = cx;
        this.#cellY[made] = cy;
        this.#cellZ[made] = cz;
        this.#sums.fill(0, made * 3, made * 3 + 3);
        this.#counts[made] = 0;
        return made;
      }
      if (this.#cellX[vertex] === cx && this.#cellY[vertex] === cy && this.#cellZ[vertex] === cz)
        return vertex;
    }
  }

  #addTo(vertex: number, x: number, y: number, z: number, count: number): void {
    this.#sums[vertex * 3] = this.#sums[vertex * 3]! + x;
    this.#sums[vertex * 3 + 1] = this.#sums[vertex * 3 + 1]! + y;
    this.#sums[vertex * 3 + 2] = this.#sums[vertex * 3 + 2]! + z;
    this.#counts[vertex] = this.#counts[vertex]! + count;
  }

  /**
   * Doubles the cell size until the contents take at most half the limits, so the next triangles
   * have room: each cell goes into the one that holds it at the new size (halved coordinates,
   * rounded down as from the start), sums and counts added, and triangles that now have two
   * corners in one cell are dropped.
   */
  #coarsen(): void {
    do {
      this.#cellMm *= 2;
      const cells = this.#vertexCount;
      const old = {
        x: this.#cellX.slice(0, cells),
        y: this.#cellY.slice(0, cells),
        z: this.#cellZ.slice(0, cells),
        sums: this.#sums.slice(0, cells * 3),
        counts: this.#counts.slice(0, cells),
      };
      this.#vertexCount = 0;
      this.#slots.fill(EMPTY);
      const moved = new Uint32Array(cells);
      for (let v = 0; v < cells; v++) {
        const vertex = this.#cellVertex(old.x[v]! >> 1, old.y[v]! >> 1, old.z[v]! >> 1);
        this.#addTo(vertex, old.sums[v * 3]!, old.sums[v * 3 + 1]!, old.sums[v * 3 + 2]!, old.counts[v]!);
        moved[v] = vertex;
      }
      let kept = 0;
      for (let t = 0; t < this.#triangleCount; t++) {
        const a = moved[this.#corners[t * 3]!]!;
        const b = moved[this.#corners[t * 3 + 1]!]!;
        const c = moved[this.#corners[t * 3 + 2]!]!;
        if (a === b || b === c || a === c) continue;
        this.#corners[kept * 3] = a;
        this.#corners[kept * 3 + 1] = b;
        this.#corners[kept * 3 + 2] = c;
        kept++;
      }
      this.#triangleCount = kept;
    } while (
      this.#vertexCount * 2 > this.#limits.vertices ||
      this.#triangleCount * 2 > this.#limits.triangles
    );
  }
}

/** Twice the cells, rounded up to a power of two: probes stay short, the mask is cheap. */
function slotCount(vertices: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(2, vertices * 2)));
}

function cellHash(cx: number, cy: number, cz: number): number {
  return (Math.imul(cx, 73856093) ^ Math.imul(cy, 19349663) ^ Math.imul(cz, 83492791)) >>> 0;
}
