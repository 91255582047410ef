import { refusal } from './refusal.ts';
import { NamespaceScopes } from './xml-namespaces.ts';
import { XmlTag } from './xml-tag.ts';

/** What the scanner tells about the elements the reader follows. */
export interface XmlHandler {
  /**
   * A start tag: the root element, or a child of an element `open` descended into. Returns
   * whether to descend into this element's children (ignored for an empty-element tag, `<x/>`).
   */
  open(tag: XmlTag): boolean;
  /** The end of an element `open` descended into (right after `open` for `<x/>`). */
  close(): void;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const BANG = 0x21;
const DASH = 0x2d;
const LEFT_BRACKET = 0x5b;
const RIGHT_BRACKET = 0x5d;
const UPPER_D = 0x44;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const AMP = 0x26;
const COLON = 0x3a;
const CDATA_OPEN = [...'<![CDATA['].map((c) => c.charCodeAt(0));
const XMLNS = [...'xmlns'].map((c) => c.charCodeAt(0));

/** Where the text between tags is: ordinary content, or inside a construct that is skipped. */
const CONTENT = 0;
const COMMENT = 1;
const PROCESSING_INSTRUCTION = 2;
const CDATA = 3;

/**
 * Byte classes for the start-tag loops, one table lookup per byte: what ends a name (and the
 * colon inside one), whitespace, and what an attribute value's loop must stop at.
 */
const NAME_END = 1;
const NAME_COLON = 2;
const NAME_BYTES = (() => {
  const classes = byteSet(' \t\r\n/><="\'');
  classes[COLON] = NAME_COLON;
  return classes;
})();
const SPACES = byteSet(' \t\r\n');
const VALUE_STOPS = byteSet('"\'&<');

/** How many more bytes of a cut tag are tried at first when the next chunk comes. */
const FIRST_COMPLETION = 256;

/**
 * A streaming XML reader over UTF-8 bytes, fed in chunks split anywhere, made for 3MF parts: it
 * reads start tags with their attributes and namespaces, end tags, and skips everything else
 * (text, comments, processing instructions, CDATA) without holding it. Its memory is one tag:
 * a tag cut by a chunk's end waits in a buffer of `maxTagBytes`, and a tag longer than that is
 * refused (`unreadable`) wherever it is, cut or not, so every chunking gives the same outcome.
 * The subtree of an element the handler does not descend into is only counted through.
 *
 * Entities: only the five predefined ones and numeric references exist (in attribute values,
 * decoded when a value is asked for); a DOCTYPE, where others would be declared, is refused
 * (`external-reference`: it is also how external entities get in).
 *
 * Not a validating parser: end tags close elements by nesting, without their names compared;
 * text outside the root element is ignored; a prefix nobody declared is a namespace of its own.
 * It refuses what would make its reading ambiguous or unbounded: unterminated or overlong tags,
 * attributes without a quoted value or given twice, a second root element, elements left open at
 * the end.
 */
export class XmlScanner {
  readonly #handler: XmlHandler;
  readonly #scopes: NamespaceScopes;
  readonly #tag = new XmlTag();
  readonly #maxTagBytes: number;
  #state = CONTENT;
  /** How many bytes of the current construct's terminator (`-->`, `?>`, `]]>`) were just read. */
  #terminator = 0;
  /** Elements open that the handler follows, and elements open below one it does not. */
  #depth = 0;
  #skipDepth = 0;
  #rootDone = false;
  /** A tag (or the start of a comment, ...) cut by the end of the last chunk. */
  #tail = new Uint8Array(0);
  #tailLength = 0;
  /** The cut tag followed by the next chunk's first bytes. Both buffers grow only as needed. */
  #work = new Uint8Array(0);

  /** `namespaces` get the ids 1, 2, ... in this order (see XmlTag.namespace). */
  constructor(handler: XmlHandler, namespaces: readonly string[], maxTagBytes: number) {
    this.#handler = handler;
    this.#scopes = new NamespaceScopes(namespaces);
    this.#tag.resolvePrefix = (buf, start, end) => this.#scopes.resolve(buf, start, end);
    this.#maxTagBytes = maxTagBytes;
  }

  push(chunk: Uint8Array): void {
    const from = this.#tailLength > 0 ? this.#completeTail(chunk) : 0;
    if (from >= chunk.length) return;
    const stop = this.#scan(chunk, from, chunk.length, chunk.length);
    this.#keep(chunk, stop, chunk.length);
  }

  /** The part ended: it must have been one complete element. */
  finish(): void {
    if (this.#tailLength > 0 || this.#state !== CONTENT || this.#depth > 0 || this.#skipDepth > 0) {
      throw refusal('unreadable');
    }
    if (!this.#rootDone) throw refusal('unreadable');
  }

  #keep(buf: Uint8Array, start: number, end: number): void {
    if (end - start > this.#tail.length)
      this.#tail = new Uint8Array(Math.max(end - start, 2 * this.#tail.length));
    this.#tail.set(buf.subarray(start, end), 0);
    this.#tailLength = end - start;
  }

  /**
   * Reads the construct cut at the last chunk's end, with as little of `chunk` after it as it
   * needs (tried with a few bytes, then more), and returns where the rest of `chunk` starts.
   */
  #completeTail(chunk: Uint8Array): number {
    const tailLength = this.#tailLength;
    let taken = Math.min(chunk.length, FIRST_COMPLETION);
    for (;;) {
      const length = tailLength + taken;
      if (length > this.#work.length) this.#work = new Uint8Array(Math.max(length, 2 * this.#work.length));
      this.#work.set(this.#tail.subarray(0, tailLength), 0);
      this.#work.set(chunk.subarray(0, taken), tailLength);
      const buf = this.#work.subarray(0, length);
      // The cut construct starts at 0: the scan either reads it whole (and stops at its end,
      // past the tail) or reads nothing.
      const stop = this.#scan(buf, 0, length, tailLength);
      if (stop > 0) {
        this.#tailLength = 0;
        return stop - tailLength;
      }
      if (taken === chunk.length) {
        this.#keep(buf, 0, length);
        return chunk.length;
      }
      // A tag fits in maxTagBytes or is refused: never more than that needs to be tried.
      taken = Math.min(chunk.length, taken * 4, this.#maxTagBytes + FIRST_COMPLETION);
    }
  }

  /**
   * Reads `buf[i, end)` up to the first construct that ends at or after `stopAt`, and returns
   * where it stopped: `end`, or the start of a construct cut by `end` (kept for the next chunk).
   */
  #scan(buf: Uint8Array, i: number, end: number, stopAt: number): number {
    while (i < end && i < stopAt) {
      switch (this.#state) {
        case CONTENT: {
          // Text is not needed by the reader: skipped to the next tag.
          while (i < end && buf[i] !== LT) i++;
          if (i === end) return end;
          const next = this.#markup(buf, i, end);
          if (next < 0) return i;
          i = next;
          break;
        }
        case COMMENT:
          i = this.#skipTo(buf, i, end, DASH, 2);
          break;
        case PROCESSING_INSTRUCTION:
          i = this.#skipTo(buf, i, end, QUESTION, 1);
          break;
        case CDATA:
          i = this.#skipTo(buf, i, end, RIGHT_BRACKET, 2);
          break;
      }
    }
    return i;
  }

  /** Skips to just after `>` preceded by `count` times `mark` (`-->`, `?>`, `]]>`). */
  #skipTo(buf: Uint8Array, i: number, end: number, mark: number, count: number): number {
    let matched = this.#terminator;
    for (; i < end; i++) {
      const b = buf[i]!;
      if (b === GT && matched >= count) {
        this.#state = CONTENT;
        this.#terminator = 0;
        return i + 1;
      }
      matched = b === mark ? matched + 1 : 0;
    }
    this.#terminator = matched;
    return end;
  }

  /** Reads the markup at `lt` (a `<`): returns the index after it, or -1 when `end` cuts it. */
  #markup(buf: Uint8Array, lt: number, end: number): number {
    if (lt + 1 >= end) return -1;
    const b = buf[lt + 1]!;
    if (b === SLASH) return this.#endTag(buf, lt, end);
    if (b === QUESTION) return this.#enter(PROCESSING_INSTRUCTION, lt + 2);
    if (b === BANG) return this.#declaration(buf, lt, end);
    return this.#startTag(buf, lt, end);
  }

  #enter(state: number, next: number): number {
    this.#state = state;
    this.#terminator = 0;
    return next;
  }

  /** `<!--`, `<![CDATA[`, or `<!DOCTYPE`, which is refused. */
  #declaration(buf: Uint8Array, lt: number, end: number): number {
    if (lt + 2 >= end) return -1;
    const b = buf[lt + 2]!;
    if (b === UPPER_D) throw refusal('external-reference');
    if (b === DASH) {
      if (lt + 3 >= end) return -1;
      if (buf[lt + 3] !== DASH) throw refusal('unreadable');
      return this.#enter(COMMENT, lt + 4);
    }
    if (b !== LEFT_BRACKET) throw refusal('unreadable');
    for (let k = 3; k < CDATA_OPEN.length; k++) {
      if (lt + k >= end) return -1;
      if (buf[lt + k] !== CDATA_OPEN[k]) throw refusal('unreadable');
    }
    return this.#enter(CDATA, lt + CDATA_OPEN.length);
  }

  /**
   * -1 for a tag cut by the end of the buffer, when it may still end within maxTagBytes of its
   * `<`; refused when it cannot.
   */
  #cut(lt: number, limit: number): number {
    if (limit === lt + this.#maxTagBytes) throw refusal('unreadable');
    return -1;
  }

  #endTag(buf: Uint8Array, lt: number, end: number): number {
    const limit = Math.min(end, lt + this.#maxTagBytes);
    let i = lt + 2;
    while (i < limit && buf[i] !== GT) i++;
    if (i === limit) return this.#cut(lt, limit);
    if (this.#skipDepth > 0) {
      this.#skipDepth--;
      if (this.#skipDepth === 0 && this.#depth === 0) this.#rootDone = true;
    } else if (this.#depth > 0) {
      this.#depth--;
      this.#scopes.pop();
      this.#handler.close();
      if (this.#depth === 0) this.#rootDone = true;
    } else {
      throw refusal('unreadable');
    }
    return i + 1;
  }

  #startTag(buf: Uint8Array, lt: number, end: number): number {
    const limit = Math.min(end, lt + this.#maxTagBytes);
    let i = lt + 1;
    let colon = -1;
    for (; i < limit; i++) {
      const kind = NAME_BYTES[buf[i]!]!;
      if (kind === NAME_END) break;
      if (kind === NAME_COLON && colon < 0) colon = i;
    }
    if (i === limit) return this.#cut(lt, limit);
    const nameStart = lt + 1;
    const nameEnd = i;
    if (nameEnd === nameStart) throw refusal('unreadable');
    const tag = this.#tag;
    tag.reset(buf);
    let declares = false;
    let selfClosing = false;
    for (;;) {
      while (i < limit && SPACES[buf[i]!]) i++;
      if (i === limit) return this.#cut(lt, limit);
      const b = buf[i]!;
      if (b === GT) {
        i++;
        break;
      }
      if (b === SLASH) {
        if (i + 1 === limit) return this.#cut(lt, limit);
        if (buf[i + 1] !== GT) throw refusal('unreadable');
        i += 2;
        selfClosing = true;
        break;
      }
      const attributeStart = i;
      let attributeColon = -1;
      for (; i < limit; i++) {
        const kind = NAME_BYTES[buf[i]!]!;
        if (kind === NAME_END) break;
        if (kind === NAME_COLON && attributeColon < 0) attributeColon = i;
      }
      if (i === limit) return this.#cut(lt, limit);
      const attributeEnd = i;
      if (attributeEnd === attributeStart) throw refusal('unreadable');
      while (i < limit && SPACES[buf[i]!]) i++;
      if (i === limit) return this.#cut(lt, limit);
      if (buf[i] !== EQUALS) throw refusal('unreadable');
      i++;
      while (i < limit && SPACES[buf[i]!]) i++;
      if (i === limit) return this.#cut(lt, limit);
      const quote = buf[i]!;
      if (quote !== QUOTE && quote !== APOSTROPHE) throw refusal('unreadable');
      const valueStart = ++i;
      let amp = false;
      for (;;) {
        while (i < limit && !VALUE_STOPS[buf[i]!]) i++;
        if (i === limit) return this.#cut(lt, limit);
        const c = buf[i]!;
        if (c === quote) break;
        if (c === LT) throw refusal('unreadable');
        if (c === AMP) amp = true;
        i++;
      }
      tag.addAttribute(attributeStart, attributeColon, attributeEnd, valueStart, i, amp);
      i++;
      if (
        attributeEnd - attributeStart >= XMLNS.length &&
        isXmlnsName(buf, attributeStart, attributeColon, attributeEnd)
      ) {
        declares = true;
      }
    }
    if (tag.attributeCount > 1 && tag.hasDuplicateAttribute()) throw refusal('unreadable');
    this.#element(tag, nameStart, colon, nameEnd, selfClosing, declares);
    return i;
  }

  /** Hands a complete start tag to the handler (or counts it, below an element it skips). */
  #element(
    tag: XmlTag,
    nameStart: number,
    colon: number,
    nameEnd: number,
    selfClosing: boolean,
    declares: boolean,
  ) {
    if (this.#skipDepth > 0) {
      if (!selfClosing) this.#skipDepth++;
      return;
    }
    if (this.#rootDone) throw refusal('unreadable');
    const scopes = this.#scopes;
    if (declares) {
      scopes.push();
      this.#declareNamespaces(tag);
    }
    tag.namespace = colon < 0 ? scopes.defaultNamespace : scopes.resolve(tag.buf, nameStart, colon);
    tag.localStart = colon < 0 ? nameStart : colon + 1;
    tag.nameEnd = nameEnd;
    tag.selfClosing = selfClosing;
    const descend = this.#handler.open(tag);
    if (selfClosing) {
      if (descend) this.#handler.close();
      if (declares) scopes.pop();
      if (this.#depth === 0) this.#rootDone = true;
    } else if (descend) {
      if (!declares) scopes.push();
      this.#depth++;
    } else {
      if (declares) scopes.pop();
      this.#skipDepth = 1;
    }
  }

  #declareNamespaces(tag: XmlTag): void {
    const buf = tag.buf;
    for (let k = 0; k < tag.attributeCount; k++) {
      const start = tag.attributeNameStart(k);
      const colon = tag.attributeColon(k);
      const end = tag.attributeNameEnd(k);
      if (!isXmlnsName(buf, start, colon, end)) continue;
      const prefix = colon < 0 ? null : buf.slice(colon + 1, end);
      this.#scopes.declare(prefix, tag.byteString(k));
    }
  }
}

/** `xmlns` or `xmlns:prefix`. */
function isXmlnsName(buf: Uint8Array, start: number, colon: number, end: number): boolean {
  const prefixEnd = colon < 0 ? end : colon;
  if (prefixEnd - start !== XMLNS.length) return false;
  for (let k = 0; k < XMLNS.length; k++) {
    if (buf[start + k] !== XMLNS[k]) return false;
  }
  return true;
}

function byteSet(chars: string): Uint8Array {
  const set = new Uint8Array(256);
  for (const c of chars) set[c.charCodeAt(0)] = 1;
  return set;
}
