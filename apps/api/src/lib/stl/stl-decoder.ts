import { type AsciiFailure, AsciiStlReader } from './ascii-stl.ts';
import { BINARY_HEADER_SIZE, BinaryStlReader, binaryStlSize } from './binary-stl.ts';
import type { StlFormat } from './stl-analysis.ts';
import { MAX_STL_TRIANGLES, StlRejectedError, type StlRejection } from './stl-errors.ts';
import type { TriangleSink } from './triangle-batch.ts';

/** Makes the consumer of one reading; `declaredTriangles` is known for binary STL only. */
export type SinkFactory<S extends TriangleSink> = (format: StlFormat, declaredTriangles: number | null) => S;

/** Signatures of files people upload by mistake, to tell them plainly that it is not an STL. */
const OTHER_FORMATS = [
  '\x89PNG',
  '\xff\xd8\xff',
  'GIF8',
  'PK\x03\x04',
  '%PDF',
  '7z\xbc\xaf',
  'Rar!',
  '\x1f\x8b',
];

/**
 * Decides between binary and ASCII STL while the bytes stream past, without knowing the size up
 * front (a multipart upload part has no length) and without holding the file.
 *
 * Both readings start, and each drops out at the first byte that rules it out:
 * - ASCII must start with the word `solid` and contain no control bytes (NUL and the like);
 * - binary needs the declared count (bytes 80-83) to be 1 to MAX_STL_TRIANGLES, no byte beyond
 *   84 + 50 x count and, at the end, exactly that size.
 * "solid" at the start proves nothing: many exporters write it into binary headers. But a binary
 * count of at most MAX_STL_TRIANGLES (below 2^25) has a 0 or 1 byte at offset 83, a control byte
 * that ends the ASCII reading there. So past byte 84 at most one reading is left, and a file never
 * reads both ways (if a future larger limit allowed that, the complete ASCII reading would win).
 *
 * `push` throws StlRejectedError as soon as the file is certain to be refused, so an upload can
 * stop early; `finish` throws it when the file ends without a complete reading.
 */
export class StlDecoder<S extends TriangleSink> {
  readonly #createSink: SinkFactory<S>;
  #size = 0;
  readonly #header = new Uint8Array(BINARY_HEADER_SIZE);
  #ascii: AsciiStlReader | null;
  #asciiSink: S | null = null;
  #asciiFailure: AsciiFailure | null = null;
  #asciiNonTextAt = -1;
  /** The count in a complete header; null before byte 84. */
  #declared: number | null = null;
  /** Whether the count was plausible, so the triangles were read as binary. */
  #binaryRead = false;
  #binary: BinaryStlReader | null = null;
  #binarySink: S | null = null;
  /** Why binary is ruled out, once that is certain. */
  #binaryFailure: StlRejection | null = null;

  constructor(createSink: SinkFactory<S>) {
    this.#createSink = createSink;
    this.#ascii = new AsciiStlReader(() => {
      this.#asciiSink = createSink('ascii', null);
      return this.#asciiSink;
    });
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    const before = this.#size;
    this.#size += chunk.length;
    if (this.#ascii) {
      this.#ascii.push(chunk);
      if (this.#ascii.failure !== null) this.#dropAscii(this.#ascii);
    }
    if (before < BINARY_HEADER_SIZE) {
      const headerPart = chunk.subarray(0, BINARY_HEADER_SIZE - before);
      this.#header.set(headerPart, before);
      if (this.#size >= BINARY_HEADER_SIZE) this.#startBinary(chunk.subarray(headerPart.length));
    } else {
      this.#pushBinary(chunk);
    }
    if (this.#ascii === null && this.#refusalIsCertain()) throw this.#rejection();
  }

  finish(): { format: StlFormat; sink: S } {
    if (this.#ascii) {
      this.#ascii.finish();
      if (this.#ascii.failure === null) return { format: 'ascii', sink: this.#asciiSink! };
      this.#dropAscii(this.#ascii);
    }
    if (this.#binary?.complete) return { format: 'binary', sink: this.#binarySink! };
    this.#binaryFailure ??= this.#binaryVerdictAtEnd();
    throw this.#rejection();
  }

  #dropAscii(reader: AsciiStlReader): void {
    this.#asciiFailure = reader.failure;
    this.#asciiNonTextAt = reader.nonTextAt;
    this.#ascii = null;
    this.#asciiSink = null;
  }

  #startBinary(body: Uint8Array): void {
    const count = new DataView(this.#header.buffer).getUint32(80, true);
    this.#declared = count;
    if (this.#looksLikeOtherFormat()) {
      // A binary header is free text, but no exporter starts it with an image or archive
      // signature: refuse now rather than after the whole upload.
      this.#dropBinary('not-stl');
    } else if (count >= 1 && count <= MAX_STL_TRIANGLES) {
      this.#binaryRead = true;
      this.#binarySink = this.#createSink('binary', count);
      this.#binary = new BinaryStlReader(count, this.#binarySink);
    }
    this.#pushBinary(body);
  }

  #pushBinary(chunk: Uint8Array): void {
    if (this.#binaryFailure !== null || this.#declared === null || chunk.length === 0) return;
    if (this.#binary) {
      this.#binary.push(chunk);
      if (this.#binary.failure !== null) this.#dropBinary(this.#binary.failure);
    } else if (this.#size > binaryStlSize(this.#declared)) {
      // A count of 0 with triangles after it, or a huge count with more bytes still: not STL sizes.
      this.#dropBinary(this.#declared === 0 ? 'size-mismatch' : 'not-stl');
    }
  }

  #dropBinary(failure: StlRejection): void {
    this.#binaryFailure = failure;
    this.#binary = null;
    this.#binarySink = null;
  }

  /** With the ASCII reading gone: is the outcome, message included, already known? */
  #refusalIsCertain(): boolean {
    if (this.#binaryFailure !== null) return true;
    // A count of 0 or beyond the limit is refused whatever the size; only a text reason may be told
    // before the end (the binary reasons depend on the final size).
    return this.#declared !== null && !this.#binaryRead && this.#asciiReason() !== null;
  }

  /** Why the file, now complete, is not a binary STL. */
  #binaryVerdictAtEnd(): StlRejection {
    const declared = this.#declared;
    if (declared === null) return 'not-stl';
    const matches = this.#size === binaryStlSize(declared);
    if (declared === 0) return matches ? 'no-triangles' : 'size-mismatch';
    if (declared > MAX_STL_TRIANGLES) return matches ? 'too-many-triangles' : 'not-stl';
    return 'size-mismatch';
  }

  /**
   * The ASCII reading's reason, when the file was text meant as ASCII STL: it began with `solid`
   * and either failed as text (a bad word, a missing `endsolid`, bad numbers) or hit a control
   * byte only after the binary header's 84 bytes (so it was no binary STL either).
   */
  #asciiReason(): StlRejection | null {
    const failure = this.#asciiFailure;
    if (failure === null || failure === 'not-solid') return null;
    if (failure === 'non-text') return this.#asciiNonTextAt >= BINARY_HEADER_SIZE ? 'unreadable' : null;
    return failure;
  }

  /** The one reason told to the person, from the reading that got furthest. */
  #rejection(): StlRejectedError {
    if (this.#size === 0) return new StlRejectedError('empty');
    // A plausible count means the triangles were read as binary: the file was meant as binary STL.
    const text = this.#binaryRead ? null : this.#asciiReason();
    return new StlRejectedError(text ?? this.#binaryFailure ?? 'not-stl');
  }

  #looksLikeOtherFormat(): boolean {
    const head = String.fromCharCode(...this.#header.subarray(0, 8));
    return OTHER_FORMATS.some((signature) => head.startsWith(signature));
  }
}
