import type { MeshWarning } from '../mesh-analysis.ts';
import { MAX_MODEL_TRIANGLES, type MeshRejection } from '../mesh-errors.ts';
import { isNonFiniteWord, parseDecimal } from '../parse-number.ts';
import { TriangleBatch, type TriangleSink } from '../triangle-batch.ts';

/**
 * Why a byte stream is not an ASCII STL. `not-solid` (the first word is not `solid`) and `non-text`
 * (a control byte such as NUL) mean it is not text at all, so a binary reading may still hold; the
 * others describe a text STL that is broken.
 */
export type AsciiFailure = MeshRejection | 'not-solid' | 'non-text';

const TOKEN = 0;
const SPACE = 1;
const NEWLINE = 2;
const CONTROL = 3;

/** Class of every byte value: text bytes (including UTF-8 in names) are tokens. */
const BYTE_CLASS = (() => {
  const classes = new Uint8Array(256);
  for (let b = 0; b < 0x20; b++) classes[b] = CONTROL;
  classes[0x7f] = CONTROL;
  for (const b of [0x09, 0x0b, 0x0c, 0x20]) classes[b] = SPACE;
  classes[0x0a] = NEWLINE;
  classes[0x0d] = NEWLINE;
  return classes;
})();

/**
 * Longest word or number accepted, and the size of the buffer holding one cut by a chunk
 * boundary: real numbers have under 30 characters.
 */
const MAX_TOKEN_LENGTH = 128;

const keyword = (word: string) => Uint8Array.from(word, (c) => c.charCodeAt(0));
const SOLID = keyword('solid');
const ENDSOLID = keyword('endsolid');
const FACET = keyword('facet');
const NORMAL = keyword('normal');
const OUTER = keyword('outer');
const LOOP = keyword('loop');
const VERTEX = keyword('vertex');
const ENDLOOP = keyword('endloop');
const ENDFACET = keyword('endfacet');
/** `end solid`, two words, ends a solid in some exporters' files; PrusaSlicer reads them. */
const END = keyword('end');
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

/** What the next word must be. */
const EXPECT_SOLID = 0;
const EXPECT_FACET_OR_ENDSOLID = 1;
const EXPECT_NORMAL = 2;
const NORMAL_VALUES = 3;
const EXPECT_OUTER = 4;
const EXPECT_LOOP = 5;
const EXPECT_VERTEX = 6;
const VERTEX_VALUES = 7;
const EXPECT_ENDLOOP = 8;
const EXPECT_ENDFACET = 9;
/** After `endsolid`: the end of the file or another `solid` (some exporters write one per part). */
const AFTER_ENDSOLID = 10;
/** Something other than `solid` after an `endsolid`: the rest of the file is ignored. */
const IGNORING_REST = 11;
/** After `endfacet`: like EXPECT_FACET_OR_ENDSOLID, but words that are no keyword are skipped. */
const AFTER_ENDFACET = 12;

/** Words that give the file its structure: never skipped as an exporter's extra words. */
const KEYWORDS = [SOLID, ENDSOLID, FACET, NORMAL, OUTER, LOOP, VERTEX, ENDLOOP, ENDFACET];

/**
 * Reads ASCII STL fed in chunks split anywhere, even inside a word or a number:
 *
 *   solid name
 *     facet normal nx ny nz
 *       outer loop
 *         vertex x y z   (three times)
 *       endloop
 *     endfacet
 *   endsolid name
 *
 * Keywords are matched without regard to case, any whitespace (CRLF, or CR alone, included)
 * separates words, numbers are decimal floats in any notation. Memory is constant: a partial word
 * waits in a small buffer, names are skipped without being kept. The first problem ends the reading
 * (`failure`).
 *
 * It forgives what slicers forgive: normals are not read at all (they are recomputed from the
 * vertices, so `nan`, a missing normal or any words there do not matter), words that are no
 * keyword after `endloop` and after `endfacet` are skipped, `end solid` in two words ends a solid,
 * and a file may end without `endsolid` or with anything after its last `endsolid` (both kept in
 * `warnings`).
 */
export class AsciiStlReader {
  failure: AsciiFailure | null = null;
  /** Where a `non-text` failure was: the offset of the control byte. */
  nonTextAt = -1;
  triangles = 0;
  readonly warnings: MeshWarning[] = [];
  /** Bytes pushed before the current chunk. */
  #offset = 0;
  readonly #createSink: () => TriangleSink;
  #sink: TriangleSink | null = null;
  readonly #batch = new TriangleBatch();
  #state = EXPECT_SOLID;
  /** The word skipped after `endfacet` was `end`: a `solid` after it ends the solid. */
  #skippedEnd = false;
  /** Inside the rest of a `solid` or `endsolid` line: the name, which is skipped. */
  #skippingName = false;
  /** Which number of the current vertex or normal comes next (0 to 2), and which vertex (0 to 2). */
  #component = 0;
  #vertex = 0;
  readonly #carry = new Uint8Array(MAX_TOKEN_LENGTH);
  #carryLength = 0;

  /** `createSink` is called when the first triangles are handed over: text that is no STL costs nothing. */
  constructor(createSink: () => TriangleSink) {
    this.#createSink = createSink;
  }

  push(chunk: Uint8Array): void {
    if (this.failure !== null) return;
    const offset = this.#offset;
    this.#offset += chunk.length;
    if (this.#state === IGNORING_REST) return;
    // A word cut by the previous chunk's end continues at this chunk's first byte.
    let tokenStart = this.#carryLength > 0 ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const kind = BYTE_CLASS[chunk[i]!]!;
      if (this.#skippingName) {
        if (kind === NEWLINE) this.#skippingName = false;
        else if (kind === CONTROL) {
          if (this.#state === AFTER_ENDSOLID) this.#ignoreRest();
          else this.#failNonText(offset + i);
          return;
        }
        continue;
      }
      if (kind === TOKEN) {
        if (tokenStart < 0) tokenStart = i;
        continue;
      }
      if (kind === CONTROL) {
        if (this.#state === AFTER_ENDSOLID) this.#ignoreRest();
        else this.#failNonText(offset + i);
        return;
      }
      if (tokenStart >= 0) {
        this.#endToken(chunk, tokenStart, i, kind === NEWLINE);
        tokenStart = -1;
        if (this.failure !== null || this.#state === IGNORING_REST) return;
      }
    }
    if (tokenStart >= 0) this.#keep(chunk, tokenStart, chunk.length);
  }

  /** Ends the reading; `failure` is set when the text was not a complete ASCII STL. */
  finish(): void {
    if (this.failure !== null) return;
    if (this.#carryLength > 0) this.#endToken(this.#carry, 0, 0, true);
    if (this.failure !== null) return;
    // Ended after a whole facet, or after a new `solid` line with nothing in it.
    const endsolidMissing =
      this.#state === AFTER_ENDFACET || (this.#state === EXPECT_FACET_OR_ENDSOLID && this.triangles > 0);
    if (endsolidMissing) this.warnings.push('no-endsolid');
    else if (this.#state !== AFTER_ENDSOLID && this.#state !== IGNORING_REST) {
      this.#fail(this.#state === EXPECT_SOLID ? 'not-solid' : 'unreadable');
      return;
    }
    if (this.triangles === 0) {
      this.#fail('no-triangles');
      return;
    }
    this.#flush();
  }

  #fail(failure: AsciiFailure): void {
    this.failure = failure;
  }

  #ignoreRest(): void {
    this.#state = IGNORING_REST;
    this.#carryLength = 0;
    this.warnings.push('trailing-bytes');
  }

  #failNonText(at: number): void {
    this.failure = 'non-text';
    this.nonTextAt = at;
  }

  #keep(bytes: Uint8Array, start: number, end: number): void {
    const length = this.#carryLength + end - start;
    if (length > MAX_TOKEN_LENGTH) {
      this.#fail(this.#state === EXPECT_SOLID ? 'not-solid' : 'unreadable');
      return;
    }
    this.#carry.set(bytes.subarray(start, end), this.#carryLength);
    this.#carryLength = length;
  }

  #endToken(bytes: Uint8Array, start: number, end: number, atNewline: boolean): void {
    if (this.#carryLength === 0) {
      this.#token(bytes, start, end, atNewline);
      return;
    }
    this.#keep(bytes, start, end);
    if (this.failure !== null) return;
    const length = this.#carryLength;
    this.#carryLength = 0;
    this.#token(this.#carry, 0, length, atNewline);
  }

  #token(bytes: Uint8Array, start: number, end: number, atNewline: boolean): void {
    // The same limit as for words cut by a chunk boundary, so chunking never changes the outcome.
    if (end - start > MAX_TOKEN_LENGTH) {
      this.#fail(this.#state === EXPECT_SOLID ? 'not-solid' : 'unreadable');
      return;
    }
    switch (this.#state) {
      case EXPECT_SOLID:
        if (isWord(bytes, start + byteOrderMarkLength(bytes, start), end, SOLID)) {
          this.#startName(atNewline, EXPECT_FACET_OR_ENDSOLID);
        } else this.#fail('not-solid');
        break;
      case AFTER_ENDSOLID:
        if (isWord(bytes, start, end, SOLID)) this.#startName(atNewline, EXPECT_FACET_OR_ENDSOLID);
        else this.#ignoreRest();
        break;
      case IGNORING_REST:
        break;
      case EXPECT_FACET_OR_ENDSOLID:
      case AFTER_ENDFACET: {
        const afterEnd = this.#skippedEnd;
        this.#skippedEnd = false;
        if (isWord(bytes, start, end, FACET)) this.#state = EXPECT_NORMAL;
        else if (isWord(bytes, start, end, ENDSOLID) || (afterEnd && isWord(bytes, start, end, SOLID)))
          this.#startName(atNewline, AFTER_ENDSOLID);
        else if (this.#state !== AFTER_ENDFACET || isKeyword(bytes, start, end)) this.#fail('unreadable');
        else this.#skippedEnd = isWord(bytes, start, end, END);
        break;
      }
      case EXPECT_NORMAL:
      case NORMAL_VALUES:
        // `normal` and whatever follows it, up to `outer`.
        if (isWord(bytes, start, end, OUTER)) this.#state = EXPECT_LOOP;
        else if (this.#state === EXPECT_NORMAL && !isWord(bytes, start, end, NORMAL))
          this.#fail('unreadable');
        else this.#state = NORMAL_VALUES;
        break;
      case EXPECT_OUTER:
        this.#keyword(bytes, start, end, OUTER, EXPECT_LOOP);
        break;
      case EXPECT_LOOP:
        this.#vertex = 0;
        this.#keyword(bytes, start, end, LOOP, EXPECT_VERTEX);
        break;
      case EXPECT_VERTEX:
        this.#component = 0;
        this.#keyword(bytes, start, end, VERTEX, VERTEX_VALUES);
        break;
      case VERTEX_VALUES:
        this.#vertexValue(bytes, start, end);
        break;
      case EXPECT_ENDLOOP:
        this.#keyword(bytes, start, end, ENDLOOP, EXPECT_ENDFACET);
        break;
      case EXPECT_ENDFACET:
        if (isWord(bytes, start, end, ENDFACET)) this.#commitTriangle();
        else if (isKeyword(bytes, start, end)) this.#fail('unreadable');
        break;
    }
  }

  #keyword(bytes: Uint8Array, start: number, end: number, word: Uint8Array, next: number): void {
    if (isWord(bytes, start, end, word)) this.#state = next;
    else this.#fail('unreadable');
  }

  /** The rest of the line is a name, unless the keyword already ended the line. */
  #startName(atNewline: boolean, next: number): void {
    this.#skippingName = !atNewline;
    this.#state = next;
  }

  #vertexValue(bytes: Uint8Array, start: number, end: number): void {
    const value = parseDecimal(bytes, start, end);
    if (Number.isNaN(value)) {
      this.#fail(isNonFiniteWord(bytes, start, end) ? 'invalid-coordinates' : 'unreadable');
      return;
    }
    // Stored as float32 like binary STL, so both forms of a mesh give identical results; a value
    // beyond float32's range becomes infinite there and is refused like an infinite one.
    if (!Number.isFinite(Math.fround(value))) {
      this.#fail('invalid-coordinates');
      return;
    }
    this.#batch.setCoordinate(this.#vertex * 3 + this.#component, value);
    if (++this.#component < 3) return;
    this.#component = 0;
    this.#state = ++this.#vertex < 3 ? EXPECT_VERTEX : EXPECT_ENDLOOP;
  }

  #commitTriangle(): void {
    if (++this.triangles > MAX_MODEL_TRIANGLES) {
      this.#fail('too-many-triangles');
      return;
    }
    this.#state = AFTER_ENDFACET;
    this.#batch.count++;
    if (this.#batch.full) this.#flush();
  }

  #flush(): void {
    this.#sink ??= this.#createSink();
    if (!this.#batch.flushTo(this.#sink)) this.#fail('invalid-coordinates');
  }
}

/** 3 when a UTF-8 byte order mark (which some editors write) starts at `start`, else 0. */
function byteOrderMarkLength(bytes: Uint8Array, start: number): number {
  return BYTE_ORDER_MARK.every((b, i) => bytes[start + i] === b) ? BYTE_ORDER_MARK.length : 0;
}

function isKeyword(bytes: Uint8Array, start: number, end: number): boolean {
  return KEYWORDS.some((word) => isWord(bytes, start, end, word));
}

/** Whether `bytes[start, end)` is `word`, in any case (`word` is lower-case letters). */
function isWord(bytes: Uint8Array, start: number, end: number, word: Uint8Array): boolean {
  if (end - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) {
    if ((bytes[start + i]! | 0x20) !== word[i]) return false;
  }
  return true;
}
