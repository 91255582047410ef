import { MeshRejectedError } from '../mesh-errors.ts';
import type { MeshReader, MeshReading, SinkFactory } from '../mesh-reader.ts';
import type { TriangleSink } from '../triangle-batch.ts';
import { BuildPlacement } from './build-placement.ts';
import { InflateBudget } from './inflate-budget.ts';
import { MeshStore } from './mesh-store.ts';
import { MODEL_NAMESPACES, ModelPartReader } from './model-part.ts';
import { PACKAGE_LIMITS, type PackageLimits } from './package-limits.ts';
import { PackageRelationshipsReader, RELATIONSHIPS_NAMESPACES } from './package-relationships.ts';
import {
  DEFAULT_ROOT_MODEL,
  PACKAGE_RELATIONSHIPS,
  partFolder,
  partKey,
  resolvePartReference,
} from './part-names.ts';
import { refusal } from './refusal.ts';
import { XmlScanner } from './xml-scanner.ts';
import { type EntryConsumer, ZipEntryReader } from './zip-entries.ts';

/**
 * Reads a 3MF file: a ZIP (OPC) package whose root model part, named by the package's
 * relationships (`_rels/.rels`, by default `3D/3dmodel.model`), holds the build. Entries stream
 * past once: every model part (an entry named `*.model`, or the root part whatever its name once
 * the relationships were read) is parsed while it inflates, into a store of vertices, triangles
 * and objects, and everything else (thumbnails, textures, slicer settings) is skipped unread.
 * Only once the package has ended are the build items placed, since items and components may refer
 * to objects further on or in parts later in the ZIP (the production extension's `p:path`).
 *
 * What is placed is what a slicer prints: the build items, with their transforms and their
 * components' composed; objects not in the build are not. Objects of type `other` are left out
 * (slicers ignore them); `model`, `support`, `solidsupport` and `surface` objects are placed.
 * A package without build items, or whose items place no triangle, is `no-triangles`.
 *
 * Memory is what the store holds (12 bytes per vertex and per triangle, within PackageLimits)
 * plus one ZIP header, one XML tag and one inflate slice; see zip-entries.ts and xml-scanner.ts for
 * what each refuses.
 */
export class ThreeMfReader<S extends TriangleSink> implements MeshReader<S> {
  readonly #createSink: SinkFactory<S>;
  readonly #limits: PackageLimits;
  readonly #store: MeshStore;
  readonly #zip: ZipEntryReader;
  /** Every part read or referred to, by key; its index is how the store names it. */
  readonly #parts = new Map<string, number>();
  readonly #partWasRead: boolean[] = [];
  #relationships: PackageRelationshipsReader | null = null;
  /** The root model part's key, once the relationships were read. */
  #rootKey: string | null = null;
  #bytes = 0;
  #failure: MeshRejectedError | null = null;

  constructor(createSink: SinkFactory<S>, limits: PackageLimits = PACKAGE_LIMITS) {
    this.#createSink = createSink;
    this.#limits = limits;
    this.#store = new MeshStore(limits);
    this.#zip = new ZipEntryReader((name) => this.#openEntry(name), new InflateBudget(limits));
  }

  push(chunk: Uint8Array): void {
    if (this.#failure) throw this.#failure;
    this.#bytes += chunk.length;
    this.#remembering(() => this.#zip.push(chunk));
  }

  finish(): MeshReading<S> {
    if (this.#failure) throw this.#failure;
    return this.#remembering(() => this.#finish());
  }

  /** Runs `step`; a refusal it throws is thrown again by every later call. */
  #remembering<T>(step: () => T): T {
    try {
      return step();
    } catch (err) {
      if (err instanceof MeshRejectedError) this.#failure = err;
      throw err;
    }
  }

  #finish(): MeshReading<S> {
    if (this.#bytes === 0) throw refusal('empty');
    this.#zip.finish();
    const root = this.#parts.get(this.#rootKey ?? DEFAULT_ROOT_MODEL);
    if (root === undefined || !this.#partWasRead[root]) throw refusal('not-model');
    const items = this.#store.items.filter((item) => item.buildPart === root);
    const placement = new BuildPlacement(
      this.#store,
      (part) => this.#partWasRead[part] === true,
      this.#limits,
    );
    const triangles = placement.count(items);
    if (triangles === 0) throw refusal('no-triangles');
    const sink = this.#createSink('3mf', triangles);
    placement.emit(items, sink);
    return { format: '3mf', sink, warnings: [] };
  }

  #openEntry(name: string): EntryConsumer | null {
    const key = partKey(name);
    if (key === PACKAGE_RELATIONSHIPS) return this.#readRelationships();
    if (!key.endsWith('.model') && key !== this.#rootKey) return null;
    const part = this.#partIndex(key);
    // Two entries of the same name: which one a reader takes is anyone's guess.
    if (this.#partWasRead[part]) throw refusal('unreadable');
    this.#partWasRead[part] = true;
    const reader = new ModelPartReader(this.#store, {
      part,
      folder: partFolder(key),
      partIndex: (referenced) => this.#partIndex(referenced),
    });
    return new XmlScanner(reader, MODEL_NAMESPACES, this.#limits.maxTagBytes);
  }

  #readRelationships(): EntryConsumer {
    if (this.#relationships !== null) throw refusal('unreadable');
    const relationships = new PackageRelationshipsReader();
    this.#relationships = relationships;
    const scanner = new XmlScanner(relationships, RELATIONSHIPS_NAMESPACES, this.#limits.maxTagBytes);
    return {
      push: (bytes) => scanner.push(bytes),
      finish: () => {
        scanner.finish();
        const root = relationships.rootModel;
        if (root === null) return;
        if (root.external) throw refusal('external-reference');
        this.#rootKey = resolvePartReference(root.target, '');
      },
    };
  }

  #partIndex(key: string): number {
    let index = this.#parts.get(key);
    if (index === undefined) {
      index = this.#parts.size;
      this.#parts.set(key, index);
      this.#partWasRead.push(false);
    }
    return index;
  }
}
