import { MeshRejectedError } from '../mesh-errors.ts';

/** The statements the reader interprets: `v x y z` and `f corner corner corner...`. */
export const VERTEX = 1;
export const FACE = 2;
export type ObjStatement = typeof VERTEX | typeof FACE;

/** Receives the words of `v` and `f` statements; the scanner skips every other statement. */
export interface ObjStatementHandler {
  /** One word after the keyword, in `bytes[start, end)` (valid only during the call). */
  word(statement: ObjStatement, bytes: Uint8Array, start: number, end: number): void;
  /** The statement ended: at its line end, or at the end of the file. */
  end(statement: ObjStatement): void;
}

/**
 * Longest statement in bytes, its continuation lines included and its line end not. Real lines are
 * short (the longest we know, a 936-corner polygon, has 2 KB); 1 MiB holds a polygon of about
 * 100,000 corners. Beyond it the file is refused at that byte instead of read on for as long as
 * the line goes: even skipped statements and comments, which are never held, are bounded.
 */
export const MAX_STATEMENT_BYTES = 1 << 20;

/**
 * Longest word of a `v` or `f` statement, and the size of the buffer holding one cut by a chunk
 * boundary: numbers and corners (`123456/123456/123456`) have well under 40 characters.
 */
export const MAX_WORD_LENGTH = 128;

const WORD = 0;
const SPACE = 1;
const NEWLINE = 2;
const CONTROL = 3;
const BACKSLASH = 4;
const HASH = 5;

const LF = 0x0a;
const CR = 0x0d;
const LOWER_V = 0x76;
const LOWER_F = 0x66;

/** Class of every byte value: text bytes (including UTF-8 in names and comments) are words. */
const BYTE_CLASS = (() => {
  const classes = new Uint8Array(256);
  for (let b = 0; b < 0x20; b++) classes[b] = CONTROL;
  classes[0x7f] = CONTROL;
  for (const b of [0x09, 0x0b, 0x0c, 0x20]) classes[b] = SPACE;
  classes[LF] = NEWLINE;
  classes[CR] = NEWLINE;
  classes[0x5c] = BACKSLASH;
  classes[0x23] = HASH;
  return classes;
})();

/**
 * Bytes that continue a run the scanner passes over without looking at each one: a word's, a
 * skipped statement's up to its next line end, backslash or `#`, a comment's up to its line end.
 */
const runOf = (...kinds: number[]) => BYTE_CLASS.map((kind) => (kinds.includes(kind) ? 1 : 0));
const IN_WORD = runOf(WORD, HASH);
const IN_SKIPPED = runOf(WORD, SPACE);
const IN_COMMENT = runOf(WORD, SPACE, BACKSLASH, HASH);

/** Where the run of `run` bytes from `from` ends, at `stop` at the latest. */
function runEnd(bytes: Uint8Array, from: number, stop: number, run: Uint8Array): number {
  let i = from;
  while (i < stop && run[bytes[i]!] === 1) i++;
  return i;
}

const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

/** Where in a line the scanner is. */
const LINE_START = 0;
const KEYWORD = 1;
/** After the keyword of a `v` or `f` statement: its words go to the handler. */
const WORDS = 2;
/** In a statement the reader does not interpret (vt, vn, g, o, s, mtllib, usemtl, l, p...). */
const SKIPPING = 3;
const COMMENT = 4;

/** What the previous bytes leave pending, whatever the mode. */
const NOTHING_PENDING = 0;
/** A backslash was read and only spaces since: a line end now continues the statement. */
const AFTER_BACKSLASH = 1;
/** A CR continued a statement: an LF right after it belongs to the same line end. */
const CONTINUED_AT_CR = 2;

/**
 * Splits OBJ text fed in chunks split anywhere (even inside a word or a line end) into statements
 * and words, without holding lines: only a word cut by a chunk boundary waits in a small buffer,
 * and skipped statements are not kept at all.
 *
 * - A line ends at LF, CRLF or a lone CR. A backslash followed by nothing but spaces up to the
 *   line end continues the statement on the next line; any other backslash in a `v` or `f`
 *   statement is refused, elsewhere it is just text.
 * - `#` starts a comment up to the line end (no continuation there): at the start of a line, at
 *   the start of a word, or anywhere in a skipped statement. Inside a number it is part of it, so
 *   the `1.#IND` some C libraries write for NaN is refused as a NaN, not cut into a comment.
 * - A UTF-8 byte order mark at the start of the file is skipped.
 *
 * A control byte (NUL and the like) is never in OBJ text: before the first `v` or `f` statement it
 * means the file is no OBJ at all ('not-model'), after one a damaged file ('unreadable'). Both, and
 * statements or words beyond the limits, throw MeshRejectedError at that byte.
 */
export class ObjStatementScanner {
  /** Bytes pushed so far. */
  bytes = 0;
  readonly #handler: ObjStatementHandler;
  #mode = LINE_START;
  #statement: ObjStatement | 0 = 0;
  /** The keyword's first byte and its length (counted up to 2: only one-letter keywords matter). */
  #keywordFirst = 0;
  #keywordLength = 0;
  #pending = NOTHING_PENDING;
  /** Where the current statement began, as an offset in the file. */
  #statementStart = 0;
  #sawStatement = false;
  #byteOrderMarkMatched = 0;
  readonly #carry = new Uint8Array(MAX_WORD_LENGTH);
  #carryLength = 0;

  constructor(handler: ObjStatementHandler) {
    this.#handler = handler;
  }

  push(chunk: Uint8Array): void {
    const offset = this.bytes;
    this.bytes += chunk.length;
    let i = this.#byteOrderMarkMatched < BYTE_ORDER_MARK.length ? this.#skipByteOrderMark(chunk) : 0;
    // The index in this chunk of the first byte beyond the statement's limit.
    let limit = this.#statementStart + MAX_STATEMENT_BYTES - offset;
    // A word cut by the previous chunk's end continues at this chunk's first byte.
    let wordStart = this.#carryLength > 0 ? 0 : -1;
    // In locals while the loop runs, stored back after it (a scanner that threw is not used again).
    let mode = this.#mode;
    let pending = this.#pending;
    for (; i < chunk.length; i++) {
      const b = chunk[i]!;
      const kind = BYTE_CLASS[b]!;
      if (kind === CONTROL) this.#refuseControlByte();
      if (pending === CONTINUED_AT_CR) {
        pending = NOTHING_PENDING;
        if (b === LF) continue;
      }
      if (i >= limit && kind !== NEWLINE) throw new MeshRejectedError('obj', 'unreadable');
      if (pending === AFTER_BACKSLASH) {
        if (kind === SPACE) continue;
        if (kind === NEWLINE) {
          pending = b === CR ? CONTINUED_AT_CR : NOTHING_PENDING;
          continue;
        }
        // A backslash that does not end its line: text in a skipped statement, a keyword that is
        // neither `v` nor `f` at the start of a line, and nothing a vertex or face may hold.
        pending = NOTHING_PENDING;
        if (mode === WORDS) throw new MeshRejectedError('obj', 'unreadable');
        if (mode === LINE_START) mode = SKIPPING;
      }
      switch (mode) {
        case WORDS:
          if (kind === WORD || (kind === HASH && wordStart >= 0)) {
            if (wordStart < 0) wordStart = i;
            i = runEnd(chunk, i + 1, Math.min(chunk.length, limit), IN_WORD) - 1;
            break;
          }
          if (wordStart >= 0) {
            this.#endWord(chunk, wordStart, i);
            wordStart = -1;
          }
          if (kind === NEWLINE) {
            limit = this.#endLine(offset, i);
            mode = LINE_START;
          } else if (kind === BACKSLASH) pending = AFTER_BACKSLASH;
          else if (kind === HASH) mode = COMMENT;
          break;
        case SKIPPING:
          if (kind === NEWLINE) {
            limit = this.#endLine(offset, i);
            mode = LINE_START;
          } else if (kind === BACKSLASH) pending = AFTER_BACKSLASH;
          else if (kind === HASH) mode = COMMENT;
          else i = runEnd(chunk, i + 1, Math.min(chunk.length, limit), IN_SKIPPED) - 1;
          break;
        case COMMENT:
          if (kind === NEWLINE) {
            limit = this.#endLine(offset, i);
            mode = LINE_START;
          } else i = runEnd(chunk, i + 1, Math.min(chunk.length, limit), IN_COMMENT) - 1;
          break;
        case LINE_START:
          if (kind === WORD) {
            this.#keywordFirst = b;
            this.#keywordLength = 1;
            mode = KEYWORD;
          } else if (kind === NEWLINE) limit = this.#endLine(offset, i);
          else if (kind === BACKSLASH) pending = AFTER_BACKSLASH;
          else if (kind === HASH) mode = COMMENT;
          break;
        case KEYWORD:
          if (kind === WORD || kind === HASH) {
            this.#keywordLength = 2;
            i = runEnd(chunk, i + 1, Math.min(chunk.length, limit), IN_WORD) - 1;
            break;
          }
          mode = this.#startStatement();
          if (kind === NEWLINE) {
            limit = this.#endLine(offset, i);
            mode = LINE_START;
          } else if (kind === BACKSLASH) pending = AFTER_BACKSLASH;
          break;
      }
    }
    this.#mode = mode;
    this.#pending = pending;
    if (wordStart >= 0) this.#keep(chunk, wordStart, chunk.length);
  }

  /** The end of the file ends the last word and statement, as a line end would. */
  finish(): void {
    if (this.#carryLength > 0) this.#endWord(this.#carry, 0, 0);
    if (this.#mode === KEYWORD) this.#mode = this.#startStatement();
    this.#endStatement();
  }

  #skipByteOrderMark(chunk: Uint8Array): number {
    let i = 0;
    while (this.#byteOrderMarkMatched < BYTE_ORDER_MARK.length && i < chunk.length) {
      if (chunk[i] !== BYTE_ORDER_MARK[this.#byteOrderMarkMatched]) {
        // Bytes taken for a mark that is none began the first word: a keyword we skip.
        if (this.#byteOrderMarkMatched > 0) {
          this.#keywordFirst = BYTE_ORDER_MARK[0]!;
          this.#keywordLength = 2;
          this.#mode = KEYWORD;
        }
        this.#byteOrderMarkMatched = BYTE_ORDER_MARK.length;
        break;
      }
      this.#byteOrderMarkMatched++;
      i++;
    }
    return i;
  }

  #refuseControlByte(): never {
    throw new MeshRejectedError('obj', this.#sawStatement ? 'unreadable' : 'not-model');
  }

  /** Decides what the statement whose keyword just ended is; returns the mode for its words. */
  #startStatement(): number {
    const first = this.#keywordFirst;
    if (this.#keywordLength === 1 && (first === LOWER_V || first === LOWER_F)) {
      this.#statement = first === LOWER_V ? VERTEX : FACE;
      this.#sawStatement = true;
      return WORDS;
    }
    return SKIPPING;
  }

  /** Ends the line at `chunk[i]`; returns the limit index for the next statement. */
  #endLine(offset: number, i: number): number {
    this.#endStatement();
    this.#statementStart = offset + i + 1;
    return i + 1 + MAX_STATEMENT_BYTES;
  }

  #endStatement(): void {
    const statement = this.#statement;
    if (statement === 0) return;
    this.#statement = 0;
    this.#handler.end(statement);
  }

  #keep(bytes: Uint8Array, start: number, end: number): void {
    const length = this.#carryLength + end - start;
    if (length > MAX_WORD_LENGTH) throw new MeshRejectedError('obj', 'unreadable');
    this.#carry.set(bytes.subarray(start, end), this.#carryLength);
    this.#carryLength = length;
  }

  #endWord(bytes: Uint8Array, start: number, end: number): void {
    if (this.#carryLength === 0) {
      this.#word(bytes, start, end);
      return;
    }
    this.#keep(bytes, start, end);
    const length = this.#carryLength;
    this.#carryLength = 0;
    this.#word(this.#carry, 0, length);
  }

  #word(bytes: Uint8Array, start: number, end: number): void {
    // The same limit as for words cut by a chunk boundary, so chunking never changes the outcome.
    if (end - start > MAX_WORD_LENGTH) throw new MeshRejectedError('obj', 'unreadable');
    this.#handler.word(this.#statement as ObjStatement, bytes, start, end);
  }
}
