import { isNonFiniteWord } from '../parse-number.ts';
import { parseTransform } from './affine-transform.ts';
import type { MeshStore, StoredObject } from './mesh-store.ts';
import { resolvePartReference } from './part-names.ts';
import { refusal } from './refusal.ts';
import type { XmlHandler } from './xml-scanner.ts';
import { ascii, NO_NAMESPACE, type XmlTag } from './xml-tag.ts';

/** The namespaces a model part's reader resolves: 3MF core and the production extension. */
export const MODEL_NAMESPACES = [
  'http://schemas.microsoft.com/3dmanufacturing/core/2015/02',
  'http://schemas.microsoft.com/3dmanufacturing/production/2015/06',
];
const CORE = 1;
const PRODUCTION = 2;

/** Millimetres per unit of a <model>'s `unit` attribute (millimetre when there is none). */
const MILLIMETRES_PER_UNIT: Record<string, number> = {
  micron: 0.001,
  millimeter: 1,
  centimeter: 10,
  inch: 25.4,
  foot: 304.8,
  meter: 1000,
};

/** The elements followed, by where they are: anything else is skipped with its subtree. */
const DOCUMENT = 0;
const MODEL = 1;
const RESOURCES = 2;
const OBJECT = 3;
const MESH = 4;
const VERTICES = 5;
const TRIANGLES = 6;
const COMPONENTS = 7;
const BUILD = 8;
const NOT_FOLLOWED = -1;
const DEEPEST = 6;

const MODEL_ELEMENT = ascii('model');
const RESOURCES_ELEMENT = ascii('resources');
const OBJECT_ELEMENT = ascii('object');
const MESH_ELEMENT = ascii('mesh');
const VERTICES_ELEMENT = ascii('vertices');
const VERTEX_ELEMENT = ascii('vertex');
const TRIANGLES_ELEMENT = ascii('triangles');
const TRIANGLE_ELEMENT = ascii('triangle');
const COMPONENTS_ELEMENT = ascii('components');
const COMPONENT_ELEMENT = ascii('component');
const BUILD_ELEMENT = ascii('build');
const ITEM_ELEMENT = ascii('item');
const UNIT = ascii('unit');
const ID = ascii('id');
const TYPE = ascii('type');
const OBJECT_ID = ascii('objectid');
const TRANSFORM = ascii('transform');
const PATH = ascii('path');
const LOWER_X = 0x78;
const LOWER_Y = 0x79;
const LOWER_Z = 0x7a;
const LOWER_V = 0x76;
const DIGIT_ONE = 0x31;

/** Where a model part is and how to name the parts it refers to. */
export type ModelPartContext = {
  part: number;
  /** Its folder, for a relative `p:path`. */
  folder: string;
  /** The index of the part with this key, registered when first named. */
  partIndex: (key: string) => number;
};

/**
 * Reads one model part into the store:
 *
 *   <model unit>
 *     <resources>
 *       <object id type>
 *         <mesh><vertices><vertex x y z/>...</vertices><triangles><triangle v1 v2 v3/>...</triangles></mesh>
 *         or <components><component objectid transform p:path/>...</components>
 *       </object>
 *     </resources>
 *     <build><item objectid transform p:path/>...</build>
 *   </model>
 *
 * Elements of the 3MF core namespace are read, or of no namespace at all (as slicers do, which
 * match names alone); extensions' elements (materials, beam lattices, slices...) and their
 * subtrees are skipped, as are other attributes. Coordinates and translations are converted to
 * millimetres as they are read. A triangle's indices must name vertices of its own object read
 * before it (`bad-index`); references to objects are checked when the build is placed.
 */
export class ModelPartReader implements XmlHandler {
  readonly #store: MeshStore;
  readonly #context: ModelPartContext;
  readonly #kinds = new Int8Array(DEEPEST + 1);
  #depth = 0;
  #unitScale = 1;
  readonly #objectIds = new Set<number>();
  #object: StoredObject | null = null;
  #objectHasMesh = false;
  /** The object's first vertex in the store: its triangles' indices count from there. */
  #vertexBase = 0;

  constructor(store: MeshStore, context: ModelPartContext) {
    this.#store = store;
    this.#context = context;
  }

  open(tag: XmlTag): boolean {
    const parent = this.#kinds[this.#depth];
    const core = tag.namespace === CORE || tag.namespace === NO_NAMESPACE;
    // The thousands of vertices and triangles first.
    if (parent === VERTICES) {
      if (core && tag.isNamed(VERTEX_ELEMENT)) this.#vertex(tag);
      return false;
    }
    if (parent === TRIANGLES) {
      if (core && tag.isNamed(TRIANGLE_ELEMENT)) this.#triangle(tag);
      return false;
    }
    if (!core) {
      if (parent === DOCUMENT) throw refusal('not-model');
      return false;
    }
    const kind = this.#kindOf(parent!, tag);
    if (kind === NOT_FOLLOWED) return false;
    this.#kinds[++this.#depth] = kind;
    return true;
  }

  close(): void {
    if (this.#kinds[this.#depth] === OBJECT) this.#endObject();
    this.#depth--;
  }

  /** What a child of `parent` is, read as it opens. */
  #kindOf(parent: number, tag: XmlTag): number {
    switch (parent) {
      case DOCUMENT:
        if (!tag.isNamed(MODEL_ELEMENT)) throw refusal('not-model');
        this.#readUnit(tag);
        return MODEL;
      case MODEL:
        if (tag.isNamed(RESOURCES_ELEMENT)) return RESOURCES;
        return tag.isNamed(BUILD_ELEMENT) ? BUILD : NOT_FOLLOWED;
      case RESOURCES:
        if (!tag.isNamed(OBJECT_ELEMENT)) return NOT_FOLLOWED;
        this.#startObject(tag);
        return OBJECT;
      case OBJECT:
        if (tag.isNamed(COMPONENTS_ELEMENT)) return COMPONENTS;
        if (!tag.isNamed(MESH_ELEMENT)) return NOT_FOLLOWED;
        // A second mesh would number its vertices from 0 again: the object would be ambiguous.
        if (this.#objectHasMesh) throw refusal('unreadable');
        this.#objectHasMesh = true;
        return MESH;
      case MESH:
        if (tag.isNamed(VERTICES_ELEMENT)) return VERTICES;
        return tag.isNamed(TRIANGLES_ELEMENT) ? TRIANGLES : NOT_FOLLOWED;
      case COMPONENTS:
        if (tag.isNamed(COMPONENT_ELEMENT)) this.#store.addComponent(this.#placement(tag));
        return NOT_FOLLOWED;
      case BUILD:
        if (tag.isNamed(ITEM_ELEMENT))
          this.#store.addItem({ ...this.#placement(tag), buildPart: this.#context.part });
        return NOT_FOLLOWED;
      default:
        return NOT_FOLLOWED;
    }
  }

  #readUnit(tag: XmlTag): void {
    const unit = tag.find(NO_NAMESPACE, UNIT);
    if (unit < 0) return;
    const scale = MILLIMETRES_PER_UNIT[tag.byteString(unit)];
    if (scale === undefined) throw refusal('unreadable');
    this.#unitScale = scale;
  }

  #startObject(tag: XmlTag): void {
    const id = this.#unsigned(tag, ID);
    if (this.#objectIds.has(id)) throw refusal('unreadable');
    this.#objectIds.add(id);
    const type = tag.find(NO_NAMESPACE, TYPE);
    const store = this.#store;
    this.#object = {
      part: this.#context.part,
      id,
      printable: type < 0 || tag.byteString(type) !== 'other',
      triangleStart: store.triangleCount,
      triangleCount: 0,
      componentStart: store.components.length,
      componentCount: 0,
    };
    store.addObject(this.#object);
    this.#objectHasMesh = false;
    this.#vertexBase = store.vertexCount;
  }

  #endObject(): void {
    const object = this.#object!;
    object.triangleCount = this.#store.triangleCount - object.triangleStart;
    object.componentCount = this.#store.components.length - object.componentStart;
    this.#object = null;
  }

  #vertex(tag: XmlTag): void {
    const buf = tag.buf;
    let x = 0;
    let y = 0;
    let z = 0;
    let found = 0;
    for (let k = 0; k < tag.attributeCount; k++) {
      const start = tag.attributeNameStart(k);
      if (tag.attributeNameEnd(k) - start !== 1) continue;
      const name = buf[start];
      if (name === LOWER_X) {
        x = this.#coordinate(tag, k);
        found |= 1;
      } else if (name === LOWER_Y) {
        y = this.#coordinate(tag, k);
        found |= 2;
      } else if (name === LOWER_Z) {
        z = this.#coordinate(tag, k);
        found |= 4;
      }
    }
    if (found !== 7) throw refusal('unreadable');
    this.#store.addVertex(x, y, z);
  }

  /** A coordinate in millimetres; refused when it is not a number or not a finite float32 one. */
  #coordinate(tag: XmlTag, k: number): number {
    const value = tag.number(k) * this.#unitScale;
    if (Number.isFinite(Math.fround(value))) return value;
    if (Number.isNaN(value)) {
      const bytes = tag.valueBytes(k);
      if (!isNonFiniteWord(bytes, 0, bytes.length)) throw refusal('unreadable');
    }
    throw refusal('invalid-coordinates');
  }

  #triangle(tag: XmlTag): void {
    const buf = tag.buf;
    let a = -1;
    let b = -1;
    let c = -1;
    for (let k = 0; k < tag.attributeCount; k++) {
      const start = tag.attributeNameStart(k);
      if (tag.attributeNameEnd(k) - start !== 2 || buf[start] !== LOWER_V) continue;
      const which = buf[start + 1]! - DIGIT_ONE;
      if (which === 0) a = this.#index(tag, k);
      else if (which === 1) b = this.#index(tag, k);
      else if (which === 2) c = this.#index(tag, k);
    }
    if (a < 0 || b < 0 || c < 0) throw refusal('unreadable');
    const base = this.#vertexBase;
    const count = this.#store.vertexCount - base;
    if (a >= count || b >= count || c >= count) throw refusal('bad-index');
    this.#store.addTriangle(base + a, base + b, base + c);
  }

  #index(tag: XmlTag, k: number): number {
    const index = tag.unsigned(k);
    if (index < 0) throw refusal('unreadable');
    return index;
  }

  /** A <component> or build <item>: which object (in which part), and where. */
  #placement(tag: XmlTag) {
    const objectId = this.#unsigned(tag, OBJECT_ID);
    const transform = tag.find(NO_NAMESPACE, TRANSFORM);
    const path = tag.find(PRODUCTION, PATH);
    const context = this.#context;
    const part =
      path < 0 ? context.part : context.partIndex(resolvePartReference(tag.byteString(path), context.folder));
    if (transform < 0) return { part, objectId, transform: null };
    if (tag.hasReferences(transform)) {
      const bytes = tag.valueBytes(transform);
      return { part, objectId, transform: parseTransform(bytes, 0, bytes.length, this.#unitScale) };
    }
    const value = parseTransform(
      tag.buf,
      tag.valueStart(transform),
      tag.valueEnd(transform),
      this.#unitScale,
    );
    return { part, objectId, transform: value };
  }

  /** A required id attribute: an unsigned integer, else `unreadable`. */
  #unsigned(tag: XmlTag, name: Uint8Array): number {
    const k = tag.find(NO_NAMESPACE, name);
    const value = k < 0 ? -1 : tag.unsigned(k);
    if (value < 0) throw refusal('unreadable');
    return value;
  }
}
