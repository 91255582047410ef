import { parseDecimal } from '../parse-number.ts';
import { decodeAttributeValue } from './xml-entities.ts';

/** An element or attribute in no namespace (no prefix, no default namespace in scope). */
export const NO_NAMESPACE = -1;
/** A namespace the reader was not told about. */
export const OTHER_NAMESPACE = 0;

/** Per attribute: name start, colon (or -1), name end, value start, value end, value has `&`. */
const FIELDS = 6;
const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const ZERO = 0x30;
const MAX_UINT32 = 0xffffffff;

/**
 * The start tag the scanner just read, as positions in the scanner's current buffer: valid only
 * during the handler's `open` call. Names are compared as bytes and values parsed straight from
 * the bytes, so the thousands of `<vertex>` and `<triangle>` tags of a mesh cost no strings.
 */
export class XmlTag {
  buf: Uint8Array = new Uint8Array(0);
  /** The element's namespace, as an id from the scanner's list (or the two constants above). */
  namespace = NO_NAMESPACE;
  localStart = 0;
  nameEnd = 0;
  selfClosing = false;
  attributeCount = 0;
  /** Resolves an attribute's prefix; set by the scanner for the tag being read. */
  resolvePrefix: (buf: Uint8Array, start: number, end: number) => number = () => OTHER_NAMESPACE;
  #fields = new Int32Array(16 * FIELDS);

  /** Forgets the previous tag's attributes. */
  reset(buf: Uint8Array): void {
    this.buf = buf;
    this.attributeCount = 0;
  }

  addAttribute(
    nameStart: number,
    colon: number,
    nameEnd: number,
    valueStart: number,
    valueEnd: number,
    amp: boolean,
  ) {
    if ((this.attributeCount + 1) * FIELDS > this.#fields.length) {
      const grown = new Int32Array(this.#fields.length * 2);
      grown.set(this.#fields);
      this.#fields = grown;
    }
    const at = this.attributeCount++ * FIELDS;
    const f = this.#fields;
    f[at] = nameStart;
    f[at + 1] = colon;
    f[at + 2] = nameEnd;
    f[at + 3] = valueStart;
    f[at + 4] = valueEnd;
    f[at + 5] = amp ? 1 : 0;
  }

  /** Whether two attributes have the same name, which XML forbids (readers would differ on which counts). */
  hasDuplicateAttribute(): boolean {
    const f = this.#fields;
    const buf = this.buf;
    for (let k = 1, at = FIELDS; k < this.attributeCount; k++, at += FIELDS) {
      const start = f[at]!;
      const length = f[at + 2]! - start;
      for (let other = 0; other < at; other += FIELDS) {
        const otherStart = f[other]!;
        if (f[other + 2]! - otherStart !== length) continue;
        let same = true;
        for (let i = 0; i < length && same; i++) same = buf[start + i] === buf[otherStart + i];
        if (same) return true;
      }
    }
    return false;
  }

  /** Where attribute `k`'s name starts and ends in `buf`. */
  attributeNameStart(k: number): number {
    return this.#fields[k * FIELDS]!;
  }

  /** Where the attribute's name has its colon, -1 when it has no prefix. */
  attributeColon(k: number): number {
    return this.#fields[k * FIELDS + 1]!;
  }

  attributeNameEnd(k: number): number {
    return this.#fields[k * FIELDS + 2]!;
  }

  /** Whether the element's local name is `name`. */
  isNamed(name: Uint8Array): boolean {
    return bytesEqual(this.buf, this.localStart, this.nameEnd, name);
  }

  /**
   * The attribute named `local` in `namespace` (NO_NAMESPACE for the usual unprefixed
   * attributes), or -1.
   */
  find(namespace: number, local: Uint8Array): number {
    const f = this.#fields;
    const buf = this.buf;
    for (let k = 0, at = 0; k < this.attributeCount; k++, at += FIELDS) {
      const colon = f[at + 1]!;
      if (namespace === NO_NAMESPACE) {
        if (colon < 0 && bytesEqual(buf, f[at]!, f[at + 2]!, local)) return k;
      } else if (
        colon >= 0 &&
        bytesEqual(buf, colon + 1, f[at + 2]!, local) &&
        this.resolvePrefix(buf, f[at]!, colon) === namespace
      ) {
        return k;
      }
    }
    return -1;
  }

  /** The value's bytes with entity references decoded (a view of the buffer when it has none). */
  valueBytes(k: number): Uint8Array {
    const f = this.#fields;
    const at = k * FIELDS;
    const value = this.buf.subarray(f[at + 3]!, f[at + 4]!);
    return f[at + 5] ? decodeAttributeValue(value) : value;
  }

  /** The value as a string of its UTF-8 bytes (one char per byte): for comparing and keying. */
  byteString(k: number): string {
    const bytes = this.valueBytes(k);
    let text = '';
    for (let i = 0; i < bytes.length; i += 4096) {
      text += String.fromCharCode(...bytes.subarray(i, i + 4096));
    }
    return text;
  }

  /** The value as a decimal number, surrounding whitespace allowed; NaN when it is not one. */
  number(k: number): number {
    const f = this.#fields;
    const at = k * FIELDS;
    if (f[at + 5]) {
      const bytes = this.valueBytes(k);
      return decimalIn(bytes, 0, bytes.length);
    }
    return decimalIn(this.buf, f[at + 3]!, f[at + 4]!);
  }

  /** The value as an unsigned 32-bit integer (digits only, whitespace around allowed), or -1. */
  unsigned(k: number): number {
    const f = this.#fields;
    const at = k * FIELDS;
    if (f[at + 5]) {
      const bytes = this.valueBytes(k);
      return unsignedIn(bytes, 0, bytes.length);
    }
    return unsignedIn(this.buf, f[at + 3]!, f[at + 4]!);
  }

  /** The value's bytes as a view, for callers that split it themselves (a transform's 12 numbers). */
  valueStart(k: number): number {
    return this.#fields[k * FIELDS + 3]!;
  }

  valueEnd(k: number): number {
    return this.#fields[k * FIELDS + 4]!;
  }

  hasReferences(k: number): boolean {
    return this.#fields[k * FIELDS + 5] === 1;
  }
}

export function isXmlSpace(b: number): boolean {
  return b === SPACE || b === LF || b === CR || b === TAB;
}

export function bytesEqual(buf: Uint8Array, start: number, end: number, word: Uint8Array): boolean {
  if (end - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) {
    if (buf[start + i] !== word[i]) return false;
  }
  return true;
}

export const ascii = (word: string) => Uint8Array.from(word, (c) => c.charCodeAt(0));

function decimalIn(buf: Uint8Array, start: number, end: number): number {
  while (start < end && isXmlSpace(buf[start]!)) start++;
  while (end > start && isXmlSpace(buf[end - 1]!)) end--;
  return parseDecimal(buf, start, end);
}

function unsignedIn(buf: Uint8Array, start: number, end: number): number {
  while (start < end && isXmlSpace(buf[start]!)) start++;
  while (end > start && isXmlSpace(buf[end - 1]!)) end--;
  if (start === end) return -1;
  let value = 0;
  for (let i = start; i < end; i++) {
    const d = buf[i]! - ZERO;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
    if (value > MAX_UINT32) return -1;
  }
  return value;
}
