import type { MeshWarning } from '../mesh-analysis.ts';
import { MAX_MODEL_TRIANGLES, MeshRejectedError, type MeshRejection } from '../mesh-errors.ts';
import type { MeshReader, MeshReading, SinkFactory } from '../mesh-reader.ts';
import type { TriangleSink } from '../triangle-batch.ts';
import { type AsciiFailure, AsciiStlReader } from './ascii-stl.ts';
import { BINARY_HEADER_SIZE, BinaryStlReader, binaryStlSize } from './binary-stl.ts';

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
 * - binary needs the declared count (bytes 80-83) to be at most MAX_MODEL_TRIANGLES, and reads
 *   every whole 50-byte record after the header, as slicers do: a count of 0 or one that disagrees
 *   with the size (a broken exporter, a file cut short) is read by the size, and bytes after the
 *   last whole record are padding; both are kept as warnings. Only more bytes than a non-zero count
 *   announces that are not whole records (another solid appended) are refused.
 * "solid" at the start proves nothing: many exporters write it into binary headers. But a count
 * of at most MAX_MODEL_TRIANGLES (below 2^25) has a 0 or 1 byte at offset 83, a control byte that
 * ends the ASCII reading there; and text has no such byte, so its "count" is far beyond the limit.
 * Past byte 84 at most one reading is left, and a file never reads both ways.
 *
 * `push` throws MeshRejectedError as soon as the file is certain to be refused, so an upload can
 * stop early; `finish` throws it when the file ends without a complete reading.
 */
export class StlDecoder<S extends TriangleSink> implements MeshReader<S> {
  readonly #createSink: SinkFactory<S>;
  #size = 0;
  readonly #header = new Uint8Array(BINARY_HEADER_SIZE);
  #ascii: AsciiStlReader | null;
  #asciiSink: S | null = null;
  #asciiFailure: AsciiFailure | null = null;
  #asciiNonTextAt = -1;
  /** The count in a complete header; null before byte 84. */
  #declared: number | null = null;
  #binary: BinaryStlReader | null = null;
  #binarySink: S | null = null;
  /** Why binary is ruled out, once that is certain. */
  #binaryFailure: MeshRejection | null = null;

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

  finish(): MeshReading<S> {
    if (this.#ascii) {
      this.#ascii.finish();
      if (this.#ascii.failure === null) {
        return { format: 'ascii', sink: this.#asciiSink!, warnings: this.#ascii.warnings };
      }
      this.#dropAscii(this.#ascii);
    }
    const binary = this.#binary;
    if (binary && binary.failure === null && binary.triangles > 0) {
      if (!this.#overrunsCount(binary)) {
        return { format: 'binary', sink: this.#binarySink!, warnings: this.#binaryWarnings(binary) };
      }
      this.#binaryFailure = 'size-mismatch';
    }
    this.#binaryFailure ??= this.#binaryVerdictAtEnd();
    throw this.#rejection();
  }

  /**
   * More bytes than the (non-zero) count announces, and not in whole triangles: something else
   * follows the triangles, such as a second binary solid with its own header, and reading by the
   * size would take its bytes for coordinates. Slicers refuse such a file too.
   */
  #overrunsCount(binary: BinaryStlReader): boolean {
    const declared = this.#declared ?? 0;
    return declared > 0 && binary.triangles > declared && binary.trailingBytes > 0;
  }

  #binaryWarnings(binary: BinaryStlReader): MeshWarning[] {
    const warnings: MeshWarning[] = [];
    if (binary.triangles !== this.#declared) warnings.push('header-count-wrong');
    if (binary.trailingBytes > 0) warnings.push('trailing-bytes');
    return warnings;
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
      this.#binaryFailure = 'not-model';
    } else if (count <= MAX_MODEL_TRIANGLES) {
      this.#binarySink = this.#createSink('binary', count);
      this.#binary = new BinaryStlReader(this.#binarySink);
    }
    this.#pushBinary(body);
  }

  #pushBinary(chunk: Uint8Array): void {
    if (this.#binaryFailure !== null || this.#declared === null || chunk.length === 0) return;
    if (this.#binary) {
      this.#binary.push(chunk);
      if (this.#binary.failure !== null) this.#dropBinary(this.#binary.failure);
    } else if (this.#size > binaryStlSize(this.#declared)) {
      // A count beyond the limit with more bytes than it announces: no binary STL at all.
      this.#dropBinary('not-model');
    }
  }

  #dropBinary(failure: MeshRejection): void {
    this.#binaryFailure = failure;
    this.#binary = null;
    this.#binarySink = null;
  }

  /** With the ASCII reading gone: is the outcome, message included, already known? */
  #refusalIsCertain(): boolean {
    if (this.#binaryFailure !== null) return true;
    // A count beyond the limit is refused whatever the size; only a text reason may be told before
    // the end (the binary reason depends on the final size).
    return this.#declared !== null && this.#binary === null && this.#asciiReason() !== null;
  }

  /** Why the file, now complete, is not a binary STL. */
  #binaryVerdictAtEnd(): MeshRejection {
    const declared = this.#declared;
    if (declared === null) return 'not-model';
    if (declared > MAX_MODEL_TRIANGLES) {
      return this.#size === binaryStlSize(declared) ? 'too-many-triangles' : 'not-model';
    }
    // Not one whole triangle after the header.
    return declared === 0 && this.#size === BINARY_HEADER_SIZE ? 'no-triangles' : 'size-mismatch';
  }

  /**
   * The ASCII reading's reason, when the file was text meant as ASCII STL: it began with `solid`
   * and either failed as text (a bad word, bad numbers) or hit a control byte only after the
   * binary header's 84 bytes (so it was no binary STL either).
   */
  #asciiReason(): MeshRejection | null {
    const failure = this.#asciiFailure;
    if (failure === null || failure === 'not-solid') return null;
    if (failure === 'non-text') return this.#asciiNonTextAt >= BINARY_HEADER_SIZE ? 'unreadable' : null;
    return failure;
  }

  /** The one reason told to the person, from the reading that got furthest. */
  #rejection(): MeshRejectedError {
    if (this.#size === 0) return new MeshRejectedError('stl', 'empty');
    // A count within the limit means the triangles were read as binary: the file was meant as one.
    const meantAsBinary = this.#declared !== null && this.#declared <= MAX_MODEL_TRIANGLES;
    const text = meantAsBinary ? null : this.#asciiReason();
    return new MeshRejectedError('stl', text ?? this.#binaryFailure ?? 'not-model');
  }

  #looksLikeOtherFormat(): boolean {
    const head = String.fromCharCode(...this.#header.subarray(0, 8));
    return OTHER_FORMATS.some((signature) => head.startsWith(signature));
  }
}
