import type { InflateBudget } from './inflate-budget.ts';
import { RawInflater } from './raw-inflater.ts';
import { refusal } from './refusal.ts';

/** Takes the uncompressed bytes of one entry, in pieces, then its end. */
export interface EntryConsumer {
  push(bytes: Uint8Array): void;
  finish(): void;
}

/** Given an entry's name, the consumer of its bytes, or null to skip it. */
export type EntryOpener = (name: string) => EntryConsumer | null;

const LOCAL_HEADER_SIZE = 30;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
/**
 * What may follow the last entry: the central directory, the end records (ZIP64 or not, an empty
 * archive has only the end record), a digital signature, archive extra data.
 */
const AFTER_ENTRIES_SIGNATURES = [0x02014b50, 0x06054b50, 0x06064b50, 0x07064b50, 0x05054b50, 0x08064b50];
const STORED = 0;
const DEFLATED = 8;
const FLAG_ENCRYPTED = 0x1;
const FLAG_DATA_DESCRIPTOR = 0x8;
const ZIP64_EXTRA_FIELD = 0x0001;
const END_RECORD_SIGNATURE = 0x06054b50;
const END_RECORD_SIZE = 22;
/** The end record and the longest comment it may have. */
const MAX_END_RECORD_BYTES = END_RECORD_SIZE + 0xffff;
const ZIP64_MARKER = 0xffffffff;

/**
 * Compressed bytes inflated per call. Each call's output is at most 1032 times this (16.5 MB),
 * and the compression ratio is checked every SLICE compressed bytes of an entry.
 */
const SLICE = 16 * 1024;

const HEADER = 0;
const DATA = 1;
const DESCRIPTOR = 2;
const AFTER_ENTRIES = 3;

type Entry = {
  consumer: EntryConsumer | null;
  /** From the local header; -1 when it comes after the data (a data descriptor). */
  compressedSize: number;
  uncompressedSize: number;
  zip64: boolean;
  inflater: RawInflater | null;
  compressedRead: number;
  uncompressedRead: number;
};

/**
 * Reads a ZIP archive from the front as it streams in, entry by entry from their local headers,
 * never holding more than one header: the central directory at the end is not needed (and is
 * skipped). Entries are stored (method 0) or deflated (8), inflated with fflate in small slices.
 *
 * An entry whose sizes follow its data (flag bit 3, a data descriptor) is delimited by the end of
 * its DEFLATE stream, and the descriptor's sizes must match what was read. A stored entry with a
 * data descriptor has nothing that marks its end short of guessing from its content, so it is
 * refused (`unreadable`) wherever it is, even when it would have been skipped; no common 3MF
 * writer makes one (ZIP writers store entries only when they know their size). An entry the
 * opener skips is passed over by its size without being inflated, except with a data descriptor:
 * then it is inflated to find its end, and counts against the budget like any other.
 *
 * CRC-32s are not checked: a damaged DEFLATE stream almost always fails to inflate, and what a
 * model part says is checked as it is read.
 */
export class ZipEntryReader {
  readonly #open: EntryOpener;
  readonly #budget: InflateBudget;
  #phase = HEADER;
  /** Package bytes consumed so far. */
  #offset = 0;
  #header = new Uint8Array(LOCAL_HEADER_SIZE);
  #headerLength = 0;
  #headerNeeded = LOCAL_HEADER_SIZE;
  #entry: Entry | null = null;
  /** The start of a slice of compressed bytes cut by a chunk's end (see #readDeflated). */
  readonly #slice = new Uint8Array(SLICE);
  #sliceFill = 0;
  readonly #descriptor = new Uint8Array(24);
  #descriptorLength = 0;
  /** The last bytes after the entries, where the end record must be. */
  #trailer = new Uint8Array(0);
  #trailerLength = 0;
  /** How many entries have started. */
  entries = 0;

  constructor(open: EntryOpener, budget: InflateBudget) {
    this.#open = open;
    this.#budget = budget;
  }

  push(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length) {
      switch (this.#phase) {
        case HEADER:
          i = this.#readHeader(chunk, i);
          break;
        case DATA:
          i = this.#readData(chunk, i);
          break;
        case DESCRIPTOR:
          i = this.#readDescriptor(chunk, i);
          break;
        case AFTER_ENTRIES:
          this.#keepTrailer(chunk.subarray(i));
          this.#offset += chunk.length - i;
          i = chunk.length;
          break;
      }
    }
    // An entry may end without another byte: an empty one, or one whose size was reached.
    if (this.#phase === DATA) this.#endIfComplete();
  }

  /**
   * The archive ended: refuses one cut inside an entry or a header, one without entries, and one
   * without its end record (the central directory is not read, but an archive cut inside it is
   * as damaged for every other ZIP reader).
   */
  finish(): void {
    // The last slice of an entry without a size is cut by the end of the archive; what follows
    // the stream in it may start another such entry.
    for (
      let entry = this.#entry;
      this.#phase === DATA && entry?.inflater && this.#sliceFill > 0;
      entry = this.#entry
    ) {
      const slice = this.#slice.slice(0, this.#sliceFill);
      this.#sliceFill = 0;
      const rest = this.#inflateSlice(entry, entry.inflater, slice);
      if (rest > 0) this.push(slice.subarray(slice.length - rest));
    }
    if (this.#phase === DESCRIPTOR) this.#endDescriptor();
    if (this.#phase === DATA) throw refusal('unreadable');
    if (this.#phase === HEADER && this.#headerLength > 0) {
      // Before a whole first signature nothing said it was a ZIP at all.
      throw refusal(this.#headerLength >= 4 || this.entries > 0 ? 'unreadable' : 'not-model');
    }
    if (this.entries === 0) throw refusal('not-model');
    if (this.#phase !== AFTER_ENTRIES || !this.#endsWithEndRecord()) throw refusal('unreadable');
  }

  /** Keeps the last MAX_END_RECORD_BYTES bytes seen after the entries. */
  #keepTrailer(bytes: Uint8Array): void {
    if (this.#trailer.length === 0) this.#trailer = new Uint8Array(MAX_END_RECORD_BYTES);
    const trailer = this.#trailer;
    if (bytes.length >= trailer.length) {
      trailer.set(bytes.subarray(bytes.length - trailer.length));
      this.#trailerLength = trailer.length;
      return;
    }
    const drop = Math.max(0, this.#trailerLength + bytes.length - trailer.length);
    if (drop > 0) trailer.copyWithin(0, drop, this.#trailerLength);
    this.#trailerLength -= drop;
    trailer.set(bytes, this.#trailerLength);
    this.#trailerLength += bytes.length;
  }

  /** Whether the archive ends with an end record whose comment runs exactly to the end. */
  #endsWithEndRecord(): boolean {
    const view = new DataView(this.#trailer.buffer, 0, this.#trailerLength);
    for (let at = this.#trailerLength - END_RECORD_SIZE; at >= 0; at--) {
      if (view.getUint32(at, true) !== END_RECORD_SIGNATURE) continue;
      if (view.getUint16(at + 20, true) === this.#trailerLength - at - END_RECORD_SIZE) return true;
    }
    return false;
  }

  #readHeader(chunk: Uint8Array, i: number): number {
    const take = Math.min(this.#headerNeeded - this.#headerLength, chunk.length - i);
    this.#header.set(chunk.subarray(i, i + take), this.#headerLength);
    const before = this.#headerLength;
    this.#headerLength += take;
    this.#offset += take;
    i += take;
    if (before < 4 && this.#headerLength >= 4 && !this.#isEntryStart()) return i;
    if (this.#headerLength < this.#headerNeeded) return i;
    const header = new DataView(this.#header.buffer, this.#header.byteOffset, this.#headerLength);
    if (this.#headerNeeded === LOCAL_HEADER_SIZE) {
      this.#headerNeeded += header.getUint16(26, true) + header.getUint16(28, true);
      if (this.#headerNeeded > LOCAL_HEADER_SIZE) {
        const grown = new Uint8Array(this.#headerNeeded);
        grown.set(this.#header.subarray(0, LOCAL_HEADER_SIZE));
        this.#header = grown;
        return i;
      }
    }
    this.#startEntry(header);
    return i;
  }

  /** Whether the 4 bytes read are a local header's signature; else moves on or refuses. */
  #isEntryStart(): boolean {
    const signature = new DataView(this.#header.buffer, this.#header.byteOffset, 4).getUint32(0, true);
    if (signature === LOCAL_HEADER_SIGNATURE) return true;
    if (AFTER_ENTRIES_SIGNATURES.includes(signature)) {
      this.#phase = AFTER_ENTRIES;
      this.#keepTrailer(this.#header.subarray(0, this.#headerLength));
      this.#headerLength = 0;
      return false;
    }
    // Not a ZIP at all, or something else where the next entry should be.
    throw refusal(this.entries === 0 ? 'not-model' : 'unreadable');
  }

  #startEntry(header: DataView): void {
    const flags = header.getUint16(6, true);
    const method = header.getUint16(8, true);
    let compressedSize = header.getUint32(18, true);
    let uncompressedSize = header.getUint32(22, true);
    const nameLength = header.getUint16(26, true);
    const name = latin1(this.#header.subarray(LOCAL_HEADER_SIZE, LOCAL_HEADER_SIZE + nameLength));
    const extra = new DataView(
      this.#header.buffer,
      this.#header.byteOffset + LOCAL_HEADER_SIZE + nameLength,
      this.#headerLength - LOCAL_HEADER_SIZE - nameLength,
    );
    const zip64 = zip64Sizes(extra);
    if (zip64 !== null) {
      if (uncompressedSize === ZIP64_MARKER) uncompressedSize = zip64.uncompressed;
      if (compressedSize === ZIP64_MARKER) compressedSize = zip64.compressed;
    }
    const hasDescriptor = (flags & FLAG_DATA_DESCRIPTOR) !== 0;
    // Without its size, only a DEFLATE stream's own end tells where an entry stops.
    if (hasDescriptor && method !== DEFLATED) throw refusal('unreadable');
    const consumer = name.endsWith('/') ? null : this.#open(name);
    if (consumer !== null || hasDescriptor) {
      if (flags & FLAG_ENCRYPTED) throw refusal('unreadable');
      if (method !== STORED && method !== DEFLATED) throw refusal('unreadable');
      if (consumer !== null && method === STORED && compressedSize !== uncompressedSize) {
        throw refusal('unreadable');
      }
    }
    this.#entry = {
      consumer,
      compressedSize: hasDescriptor ? -1 : compressedSize,
      uncompressedSize,
      zip64: zip64 !== null,
      inflater: method === DEFLATED && (consumer !== null || hasDescriptor) ? new RawInflater() : null,
      compressedRead: 0,
      uncompressedRead: 0,
    };
    this.entries++;
    this.#phase = DATA;
    this.#header = new Uint8Array(LOCAL_HEADER_SIZE);
    this.#headerLength = 0;
    this.#headerNeeded = LOCAL_HEADER_SIZE;
  }

  #readData(chunk: Uint8Array, i: number): number {
    const entry = this.#entry!;
    if (entry.inflater !== null) return this.#readDeflated(entry, entry.inflater, chunk, i);
    // Stored, or skipped by its size.
    const piece = chunk.subarray(
      i,
      i + Math.min(chunk.length - i, entry.compressedSize - entry.compressedRead),
    );
    if (entry.consumer !== null) this.#hand(entry, piece);
    entry.compressedRead += piece.length;
    this.#offset += piece.length;
    this.#endIfComplete();
    return i + piece.length;
  }

  /**
   * Inflates in slices of SLICE compressed bytes counted from the entry's start, whatever the
   * chunks: fflate drops the output of a call that fails, so only fixed slices make what a
   * damaged stream hands on before it fails (and so the outcome) the same for every chunking.
   * A slice cut by a chunk's end waits in a buffer for the rest.
   */
  #readDeflated(entry: Entry, inflater: RawInflater, chunk: Uint8Array, i: number): number {
    const sliceLength =
      entry.compressedSize < 0 ? SLICE : Math.min(SLICE, entry.compressedSize - entry.compressedRead);
    const take = Math.min(sliceLength - this.#sliceFill, chunk.length - i);
    let slice: Uint8Array;
    if (this.#sliceFill === 0 && take === sliceLength) {
      slice = chunk.subarray(i, i + take);
    } else {
      this.#slice.set(chunk.subarray(i, i + take), this.#sliceFill);
      this.#sliceFill += take;
      if (this.#sliceFill < sliceLength) return i + take;
      slice = this.#slice.subarray(0, sliceLength);
    }
    this.#sliceFill = 0;
    const rest = this.#inflateSlice(entry, inflater, slice);
    if (rest <= take) return i + take - rest;
    // The stream ended in bytes kept from earlier chunks: what follows it is read again from there.
    this.push(slice.slice(slice.length - rest, slice.length - take));
    return i;
  }

  /** Inflates one slice; returns how many of its bytes come after the stream's end. */
  #inflateSlice(entry: Entry, inflater: RawInflater, slice: Uint8Array): number {
    const output = inflater.push(slice);
    const rest = inflater.ended ? inflater.rest.length : 0;
    if (rest > slice.length) throw refusal('unreadable');
    const used = slice.length - rest;
    entry.compressedRead += used;
    this.#offset += used;
    this.#hand(entry, output);
    if (inflater.ended || entry.compressedRead % SLICE === 0) this.#budget.checkRatio(this.#offset);
    if (inflater.ended) this.#endStream(entry);
    else if (entry.compressedRead === entry.compressedSize) throw refusal('unreadable');
    return rest;
  }

  /** Hands inflated (or stored) bytes on, counted against the budget. */
  #hand(entry: Entry, bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    entry.uncompressedRead += bytes.length;
    const room = this.#budget.room;
    if (bytes.length > room) {
      // What fits is still read, so the refusal comes at the same byte however the data was cut.
      if (room > 0) entry.consumer?.push(bytes.subarray(0, room));
      throw refusal('too-large');
    }
    this.#budget.spend(bytes.length);
    entry.consumer?.push(bytes);
  }

  /** The DEFLATE stream ended: the consumer is done; what follows is a descriptor, or skipped. */
  #endStream(entry: Entry): void {
    entry.inflater = null;
    const consumer = entry.consumer;
    entry.consumer = null;
    if (entry.compressedSize < 0) {
      consumer?.finish();
      this.#phase = DESCRIPTOR;
      this.#descriptorLength = 0;
      return;
    }
    if (entry.uncompressedRead !== entry.uncompressedSize) throw refusal('unreadable');
    consumer?.finish();
    this.#endIfComplete();
  }

  /** Ends an entry with a known size once all its bytes were read. */
  #endIfComplete(): void {
    const entry = this.#entry!;
    if (entry.compressedSize < 0 || entry.compressedRead < entry.compressedSize) return;
    if (entry.inflater !== null) {
      // Not one byte for a DEFLATE stream (which needs at least one).
      throw refusal('unreadable');
    }
    if (entry.consumer !== null) {
      if (entry.uncompressedRead !== entry.uncompressedSize) throw refusal('unreadable');
      entry.consumer.finish();
    }
    this.#entry = null;
    this.#phase = HEADER;
  }

  #readDescriptor(chunk: Uint8Array, i: number): number {
    const needed = this.#entry!.zip64 ? 24 : 16;
    const take = Math.min(needed - this.#descriptorLength, chunk.length - i);
    this.#descriptor.set(chunk.subarray(i, i + take), this.#descriptorLength);
    this.#descriptorLength += take;
    this.#offset += take;
    if (this.#descriptorLength === needed) this.#endDescriptor();
    return i + take;
  }

  /**
   * Reads the data descriptor: with or without its optional signature, sizes of 4 bytes (8 after
   * a ZIP64 local header). Which form it is shows in where the sizes read match the entry's.
   * Bytes read past a descriptor without signature start the next header.
   */
  #endDescriptor(): void {
    const entry = this.#entry!;
    const view = new DataView(this.#descriptor.buffer, 0, this.#descriptorLength);
    const sizeBytes = entry.zip64 ? 8 : 4;
    const sizesAt = (at: number) =>
      view.byteLength >= at + 2 * sizeBytes &&
      readSize(view, at, sizeBytes) === entry.compressedRead &&
      readSize(view, at + sizeBytes, sizeBytes) === entry.uncompressedRead;
    let length: number;
    if (view.byteLength >= 4 && view.getUint32(0, true) === DESCRIPTOR_SIGNATURE && sizesAt(8)) {
      length = 8 + 2 * sizeBytes;
    } else if (sizesAt(4)) {
      length = 4 + 2 * sizeBytes;
    } else {
      throw refusal('unreadable');
    }
    const after = this.#descriptor.slice(length, this.#descriptorLength);
    this.#entry = null;
    this.#phase = HEADER;
    this.#offset -= after.length;
    if (after.length > 0) this.push(after);
  }
}

/** A ZIP64 extra field's sizes: in a local header both are there, uncompressed first. */
function zip64Sizes(extra: DataView): { uncompressed: number; compressed: number } | null {
  for (let at = 0; at + 4 <= extra.byteLength; ) {
    const id = extra.getUint16(at, true);
    const size = extra.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA_FIELD && size >= 16 && at + 4 + 16 <= extra.byteLength) {
      return { uncompressed: readSize(extra, at + 4, 8), compressed: readSize(extra, at + 12, 8) };
    }
    at += 4 + size;
  }
  return null;
}

/** A little-endian size of 4 or 8 bytes (8-byte sizes beyond 2^53 are not exact, and not real). */
function readSize(view: DataView, at: number, bytes: number): number {
  const low = view.getUint32(at, true);
  return bytes === 4 ? low : low + view.getUint32(at + 4, true) * 2 ** 32;
}

/** An entry name, one char per byte: compared with names from the XML the same way. */
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 4096) text += String.fromCharCode(...bytes.subarray(i, i + 4096));
  return text;
}
