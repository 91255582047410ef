import type { PackageLimits } from './package-limits.ts';
import { refusal } from './refusal.ts';

/** An <object> of a model part: its mesh's triangles and its components, as ranges of the store. */
export type StoredObject = {
  part: number;
  id: number;
  /** False for type="other", which no slicer prints: it is never placed. */
  printable: boolean;
  triangleStart: number;
  triangleCount: number;
  componentStart: number;
  componentCount: number;
};

/**
 * A reference to an object with where to put it: a <component>, or an <item> of the build.
 * `transform` is the 3MF matrix in millimetres, null for none (see affine-transform.ts).
 */
export type Placement = { part: number; objectId: number; transform: Float64Array | null };

/** A build <item>, with the part whose build lists it (only the root part's build is printed). */
export type BuildItem = Placement & { buildPart: number };

const INITIAL_CAPACITY = 4096;

/**
 * Everything kept from a package's model parts until its build can be placed (references may
 * point forward, or to parts later in the ZIP): vertices as float32 millimetres (what the
 * triangle records hold anyway), triangles as indices into them, objects and placements.
 * Arrays grow by doubling, within PackageLimits.
 */
export class MeshStore {
  vertices = new Float32Array(3 * INITIAL_CAPACITY);
  vertexCount = 0;
  /** Three indices into `vertices` (counted in vertices) per triangle. */
  triangles = new Uint32Array(3 * INITIAL_CAPACITY);
  triangleCount = 0;
  readonly objects: StoredObject[] = [];
  readonly components: Placement[] = [];
  readonly items: BuildItem[] = [];
  readonly #limits: PackageLimits;

  constructor(limits: PackageLimits) {
    this.#limits = limits;
  }

  addVertex(x: number, y: number, z: number): void {
    if (this.vertexCount === this.#limits.maxVertices) throw refusal('too-many-vertices');
    let at = this.vertexCount * 3;
    if (at === this.vertices.length) this.vertices = grown(this.vertices, this.#limits.maxVertices * 3);
    const vertices = this.vertices;
    vertices[at++] = x;
    vertices[at++] = y;
    vertices[at] = z;
    this.vertexCount++;
  }

  addTriangle(a: number, b: number, c: number): void {
    if (this.triangleCount === this.#limits.maxStoredTriangles) throw refusal('too-many-triangles');
    let at = this.triangleCount * 3;
    if (at === this.triangles.length)
      this.triangles = grown(this.triangles, this.#limits.maxStoredTriangles * 3);
    const triangles = this.triangles;
    triangles[at++] = a;
    triangles[at++] = b;
    triangles[at] = c;
    this.triangleCount++;
  }

  addObject(object: StoredObject): void {
    this.#countRecord();
    this.objects.push(object);
  }

  addComponent(component: Placement): void {
    this.#countRecord();
    this.components.push(component);
  }

  addItem(item: BuildItem): void {
    this.#countRecord();
    this.items.push(item);
  }

  #countRecord(): void {
    const records = this.objects.length + this.components.length + this.items.length;
    if (records === this.#limits.maxObjectRecords) throw refusal('too-large');
  }
}

function grown<T extends Float32Array | Uint32Array>(array: T, most: number): T {
  const larger = new (array.constructor as new (length: number) => T)(Math.min(most, array.length * 2));
  larger.set(array);
  return larger;
}
