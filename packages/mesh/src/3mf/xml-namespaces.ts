import { NO_NAMESPACE, OTHER_NAMESPACE } from './xml-tag.ts';

type Binding = { prefix: Uint8Array; namespace: number };

/**
 * The namespace declarations in scope, one level per open element the reader follows. URIs become
 * small ids once, when declared (1, 2, ... in the order the reader listed them; OTHER_NAMESPACE
 * for the rest), so resolving an element's prefix is a comparison of a few bytes.
 *
 * A prefix nobody declared resolves to OTHER_NAMESPACE rather than being an error: such an element
 * is simply not one the reader looks for.
 */
export class NamespaceScopes {
  readonly #ids: Map<string, number>;
  readonly #bindings: Binding[] = [];
  /** Per level: how many bindings were in scope before it, and its default namespace. */
  readonly #levelStarts: number[] = [];
  readonly #defaults: number[] = [NO_NAMESPACE];

  constructor(namespaces: readonly string[]) {
    this.#ids = new Map(namespaces.map((uri, i) => [uri, i + 1]));
  }

  get defaultNamespace(): number {
    return this.#defaults[this.#defaults.length - 1]!;
  }

  /** Opens a level; declarations made now hold until the matching `pop`. */
  push(): void {
    this.#levelStarts.push(this.#bindings.length);
    this.#defaults.push(this.defaultNamespace);
  }

  pop(): void {
    this.#bindings.length = this.#levelStarts.pop()!;
    this.#defaults.pop();
  }

  /** `xmlns="uri"` (prefix null) or `xmlns:prefix="uri"` on the element of the newest level. */
  declare(prefix: Uint8Array | null, uri: string): void {
    const namespace = uri === '' ? NO_NAMESPACE : (this.#ids.get(uri) ?? OTHER_NAMESPACE);
    if (prefix === null) this.#defaults[this.#defaults.length - 1] = namespace;
    else this.#bindings.push({ prefix, namespace });
  }

  resolve(buf: Uint8Array, start: number, end: number): number {
    for (let i = this.#bindings.length - 1; i >= 0; i--) {
      const { prefix, namespace } = this.#bindings[i]!;
      if (prefix.length !== end - start) continue;
      let same = true;
      for (let k = 0; k < prefix.length && same; k++) same = prefix[k] === buf[start + k];
      if (same) return namespace;
    }
    return OTHER_NAMESPACE;
  }
}
