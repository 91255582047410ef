import { refusal } from './refusal.ts';
import type { XmlHandler } from './xml-scanner.ts';
import { ascii, NO_NAMESPACE, type XmlTag } from './xml-tag.ts';

export const RELATIONSHIPS_NAMESPACES = ['http://schemas.openxmlformats.org/package/2006/relationships'];
const RELATIONSHIPS = 1;
const MODEL_RELATIONSHIP_TYPE = 'http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel';

const RELATIONSHIPS_ELEMENT = ascii('Relationships');
const RELATIONSHIP_ELEMENT = ascii('Relationship');
const TYPE = ascii('Type');
const TARGET = ascii('Target');
const TARGET_MODE = ascii('TargetMode');

/** The root model part a package's relationships name. */
export type RootModelTarget = { target: string; external: boolean };

/**
 * Reads `_rels/.rels`: <Relationships><Relationship Type Target TargetMode/>...</Relationships>,
 * for the first relationship of the 3D model type (a package has one). Elements in no namespace
 * are taken as well, as for model parts.
 */
export class PackageRelationshipsReader implements XmlHandler {
  rootModel: RootModelTarget | null = null;
  #depth = 0;

  open(tag: XmlTag): boolean {
    const known = tag.namespace === RELATIONSHIPS || tag.namespace === NO_NAMESPACE;
    if (this.#depth === 0) {
      if (!known || !tag.isNamed(RELATIONSHIPS_ELEMENT)) throw refusal('unreadable');
      this.#depth++;
      return true;
    }
    if (known && tag.isNamed(RELATIONSHIP_ELEMENT) && this.rootModel === null) this.#relationship(tag);
    return false;
  }

  close(): void {
    this.#depth--;
  }

  #relationship(tag: XmlTag): void {
    const type = tag.find(NO_NAMESPACE, TYPE);
    if (type < 0 || tag.byteString(type) !== MODEL_RELATIONSHIP_TYPE) return;
    const target = tag.find(NO_NAMESPACE, TARGET);
    if (target < 0) throw refusal('unreadable');
    const mode = tag.find(NO_NAMESPACE, TARGET_MODE);
    this.rootModel = {
      target: tag.byteString(target),
      external: mode >= 0 && tag.byteString(mode) === 'External',
    };
  }
}
