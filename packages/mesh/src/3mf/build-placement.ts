import { TriangleBatch, type TriangleSink } from '../triangle-batch.ts';
import { type AffineTransform, compose, determinant, TRANSFORM_NUMBERS } from './affine-transform.ts';
import type { MeshStore, Placement } from './mesh-store.ts';
import type { PackageLimits } from './package-limits.ts';
import { refusal } from './refusal.ts';

/** An object's state while counting (0: not reached yet). */
const VISITING = 1;
const COUNTED = 2;

/**
 * Places a package's build: every build item's object, its components' objects, theirs, and so
 * on, each with the transforms from the item down composed. Counting comes first (`count`), so a
 * file is refused before any triangle is handed on, and the sink can be made knowing how many
 * come; then `emit` hands them over in build order.
 *
 * Counting follows each object once (what it places is remembered), so a component graph that
 * reuses objects costs its size, not the number of paths through it; a cycle, or nesting deeper
 * than the limit, is `too-deep`. An object of type "other" places nothing, nor do its components.
 */
export class BuildPlacement {
  readonly #store: MeshStore;
  readonly #partWasRead: (part: number) => boolean;
  readonly #limits: PackageLimits;
  readonly #objectIndex = new Map<number, number>();
  /** Per object: the triangles it places (capped just past the limit), its nesting height. */
  readonly #placed: Float64Array;
  readonly #height: Int32Array;
  readonly #state: Uint8Array;
  /** Per component: the index of the object it places, once counted. */
  readonly #componentObject: Int32Array;
  /** One matrix per nesting level, for the transforms composed while emitting. */
  readonly #matrices: AffineTransform[];

  constructor(store: MeshStore, partWasRead: (part: number) => boolean, limits: PackageLimits) {
    this.#store = store;
    this.#partWasRead = partWasRead;
    this.#limits = limits;
    store.objects.forEach((object, index) => {
      this.#objectIndex.set(objectKey(object.part, object.id), index);
    });
    this.#placed = new Float64Array(store.objects.length);
    this.#height = new Int32Array(store.objects.length);
    this.#state = new Uint8Array(store.objects.length);
    this.#componentObject = new Int32Array(store.components.length).fill(-1);
    this.#matrices = Array.from(
      { length: limits.maxComponentDepth + 1 },
      () => new Float64Array(TRANSFORM_NUMBERS),
    );
  }

  /** The triangles the items place; refuses broken references, cycles, depth and too many triangles. */
  count(items: readonly Placement[]): number {
    let total = 0;
    for (const item of items) {
      const object = this.#resolve(item);
      this.#visit(object, 0);
      total += this.#placed[object]!;
      if (total > this.#limits.maxPlacedTriangles) throw refusal('too-many-triangles');
    }
    return total;
  }

  /** Hands every placed triangle to the sink, in float32 millimetres. Call after `count`. */
  emit(items: readonly Placement[], sink: TriangleSink): void {
    const batch = new TriangleBatch();
    for (const item of items) {
      const object = this.#resolve(item);
      if (this.#placed[object]! > 0) this.#place(object, item.transform, 0, batch, sink);
    }
    if (!batch.flushTo(sink)) throw refusal('invalid-coordinates');
  }

  /** The object a placement names: its part must be in the package, and hold that object. */
  #resolve(placement: Placement): number {
    if (!this.#partWasRead(placement.part)) throw refusal('external-reference');
    const index = this.#objectIndex.get(objectKey(placement.part, placement.objectId));
    if (index === undefined) throw refusal('bad-index');
    return index;
  }

  #visit(object: number, depth: number): void {
    const maxDepth = this.#limits.maxComponentDepth;
    if (depth > maxDepth) throw refusal('too-deep');
    const state = this.#state[object];
    if (state === VISITING) throw refusal('too-deep');
    if (state === COUNTED) {
      if (depth + this.#height[object]! > maxDepth) throw refusal('too-deep');
      return;
    }
    this.#state[object] = VISITING;
    const stored = this.#store.objects[object]!;
    let placed = 0;
    let height = 0;
    if (stored.printable) {
      placed = stored.triangleCount;
      const end = stored.componentStart + stored.componentCount;
      for (let c = stored.componentStart; c < end; c++) {
        const child = this.#resolve(this.#store.components[c]!);
        this.#componentObject[c] = child;
        this.#visit(child, depth + 1);
        // Capped: a few levels of reuse could otherwise pass any number a double holds exactly.
        placed = Math.min(placed + this.#placed[child]!, this.#limits.maxPlacedTriangles + 1);
        height = Math.max(height, this.#height[child]! + 1);
      }
    }
    this.#placed[object] = placed;
    this.#height[object] = height;
    this.#state[object] = COUNTED;
  }

  /** Emits an object placed by `transform` (null: as it is), then its components. */
  #place(
    object: number,
    transform: AffineTransform | null,
    depth: number,
    batch: TriangleBatch,
    sink: TriangleSink,
  ) {
    const stored = this.#store.objects[object]!;
    this.#emitTriangles(stored.triangleStart, stored.triangleCount, transform, batch, sink);
    const end = stored.componentStart + stored.componentCount;
    for (let c = stored.componentStart; c < end; c++) {
      const child = this.#componentObject[c]!;
      if (this.#placed[child] === 0) continue;
      const own = this.#store.components[c]!.transform;
      let placement = transform;
      if (own !== null) {
        placement = own;
        if (transform !== null) {
          placement = this.#matrices[depth + 1]!;
          compose(own, transform, placement);
        }
      }
      this.#place(child, placement, depth + 1, batch, sink);
    }
  }

  #emitTriangles(
    first: number,
    count: number,
    m: AffineTransform | null,
    batch: TriangleBatch,
    sink: TriangleSink,
  ): void {
    const vertices = this.#store.vertices;
    const triangles = this.#store.triangles;
    // A mirroring transform turns the surface inside out: swapping two corners turns it back.
    const mirrored = m !== null && determinant(m) < 0;
    for (let t = first; t < first + count; t++) {
      const a = triangles[t * 3]! * 3;
      const b = triangles[t * 3 + (mirrored ? 2 : 1)]! * 3;
      const c = triangles[t * 3 + (mirrored ? 1 : 2)]! * 3;
      if (m === null) {
        for (let k = 0; k < 3; k++) {
          batch.setCoordinate(k, vertices[a + k]!);
          batch.setCoordinate(3 + k, vertices[b + k]!);
          batch.setCoordinate(6 + k, vertices[c + k]!);
        }
      } else {
        setTransformed(batch, 0, vertices, a, m);
        setTransformed(batch, 3, vertices, b, m);
        setTransformed(batch, 6, vertices, c, m);
      }
      batch.count++;
      if (batch.full && !batch.flushTo(sink)) throw refusal('invalid-coordinates');
    }
  }
}

/** Corner `index` (0, 3 or 6) of the batch's next triangle: vertex `at` of `vertices` placed by `m`. */
function setTransformed(
  batch: TriangleBatch,
  index: number,
  vertices: Float32Array,
  at: number,
  m: AffineTransform,
) {
  const x = vertices[at]!;
  const y = vertices[at + 1]!;
  const z = vertices[at + 2]!;
  batch.setCoordinate(index, x * m[0]! + y * m[3]! + z * m[6]! + m[9]!);
  batch.setCoordinate(index + 1, x * m[1]! + y * m[4]! + z * m[7]! + m[10]!);
  batch.setCoordinate(index + 2, x * m[2]! + y * m[5]! + z * m[8]! + m[11]!);
}

/** Object ids are below 2^32 and parts few: the key is an exact double. */
function objectKey(part: number, id: number): number {
  return part * 2 ** 32 + id;
}
