import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** One file of the archive: its name inside the ZIP, its exact size, and how to open its bytes. */
export type StoredZipEntry = {
  name: string;
  size: number;
  open: () => Promise<Readable>;
};

export type StoredZip = {
  stream: Readable;
  /** The archive's exact byte length, known before the first byte. */
  size: number;
  /** Stops reading: the entry being read is closed and the stream destroyed. */
  abort: () => void;
};

export type StoredZipOptions = {
  /** Modification time written for every entry. */
  mtime: Date;
  /** Write ZIP64 records for every entry and the end, not only where sizes need them (tests). */
  forceZip64?: boolean;
};

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;
/** Bit 3: CRC and sizes follow the data (the CRC is known only then); bit 11: names are UTF-8. */
const FLAGS = 0x0808;
const VERSION_20 = 20;
const VERSION_ZIP64 = 45;
/** Made by: Unix (3), specification 6.3 (63), so the external attributes are Unix modes. */
const MADE_BY = (3 << 8) | 63;
/** -rw-r--r-- regular file. */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;

type Planned = StoredZipEntry & { nameBytes: Buffer; offset: number; zip64: boolean };

/**
 * A ZIP of stored (uncompressed) entries, streamed: one entry's storage read open at a time,
 * backpressure from the receiver reaching storage, CRC-32 computed natively as the bytes pass (a
 * JavaScript CRC caps a download near 300 MB/s). Entry sizes are known up front, so the archive's
 * exact length is too (sent as Content-Length, so browsers show progress). ZIP64 records are
 * written where sizes or offsets pass 4 GB, and for the end when the archive does.
 *
 * Why stored: binary STL shrinks only 2-3x, and deflate at level 1 runs at 50-100 MB/s on one
 * core, so a few concurrent ZIPs would hold the CPU and still be slower than the disk.
 */
export function storedZip(entries: StoredZipEntry[], options: StoredZipOptions): StoredZip {
  const { time, date } = dosDateTime(options.mtime);
  const force = options.forceZip64 === true;
  let offset = 0;
  const planned: Planned[] = entries.map((entry) => {
    const nameBytes = Buffer.from(entry.name, 'utf8');
    const zip64 = force || entry.size >= MAX_32 || offset >= MAX_32;
    const item = { ...entry, nameBytes, offset, zip64 };
    offset += 30 + nameBytes.length + entry.size + (zip64 ? 24 : 16);
    return item;
  });
  const directoryOffset = offset;
  const directorySize = planned.reduce((n, e) => n + 46 + e.nameBytes.length + (e.zip64 ? 28 : 0), 0);
  const endZip64 = force || planned.length >= MAX_16 || directoryOffset >= MAX_32 || directorySize >= MAX_32;
  const size = directoryOffset + directorySize + (endZip64 ? 56 + 20 : 0) + 22;

  let current: Readable | undefined;
  async function* archive(): AsyncGenerator<Buffer> {
    const crcs: number[] = [];
    for (const entry of planned) {
      yield localHeader(entry, time, date);
      current = await entry.open();
      let crc = 0;
      let read = 0;
      for await (const chunk of current as AsyncIterable<Buffer>) {
        crc = zlib.crc32(chunk, crc);
        read += chunk.length;
        if (read > entry.size) break;
        yield chunk;
      }
      current = undefined;
      // The announced length would be a lie: fail the response rather than send a corrupt file.
      if (read !== entry.size) throw new Error(`${entry.name}: ${read} bytes stored, ${entry.size} expected`);
      crcs.push(crc);
      yield dataDescriptor(entry, crc);
    }
    yield Buffer.concat(planned.map((entry, i) => centralHeader(entry, crcs[i]!, time, date)));
    if (endZip64) yield zip64End(planned.length, directoryOffset, directorySize);
    yield end(planned.length, directoryOffset, directorySize, endZip64);
  }

  const stream = Readable.from(archive(), { objectMode: false, highWaterMark: 1024 * 1024 });
  return {
    stream,
    size,
    abort: () => {
      current?.destroy();
      stream.destroy();
    },
  };
}

function localHeader(entry: Planned, time: number, date: number): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(LOCAL_HEADER, 0);
  b.writeUInt16LE(entry.zip64 ? VERSION_ZIP64 : VERSION_20, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(0, 8); // stored
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  // CRC-32 and sizes (bytes 14-25) are 0: they follow the data, in the data descriptor.
  b.writeUInt16LE(entry.nameBytes.length, 26);
  b.writeUInt16LE(0, 28);
  return Buffer.concat([b, entry.nameBytes]);
}

function dataDescriptor(entry: Planned, crc: number): Buffer {
  const b = Buffer.alloc(entry.zip64 ? 24 : 16);
  b.writeUInt32LE(DATA_DESCRIPTOR, 0);
  b.writeUInt32LE(crc, 4);
  if (entry.zip64) {
    b.writeBigUInt64LE(BigInt(entry.size), 8); // compressed
    b.writeBigUInt64LE(BigInt(entry.size), 16); // uncompressed
  } else {
    b.writeUInt32LE(entry.size, 8);
    b.writeUInt32LE(entry.size, 12);
  }
  return b;
}

function centralHeader(entry: Planned, crc: number, time: number, date: number): Buffer {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(CENTRAL_HEADER, 0);
  b.writeUInt16LE(MADE_BY, 4);
  b.writeUInt16LE(entry.zip64 ? VERSION_ZIP64 : VERSION_20, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(time, 12);
  b.writeUInt16LE(date, 14);
  b.writeUInt32LE(crc, 16);
  b.writeUInt32LE(entry.zip64 ? MAX_32 : entry.size, 20);
  b.writeUInt32LE(entry.zip64 ? MAX_32 : entry.size, 24);
  b.writeUInt16LE(entry.nameBytes.length, 28);
  b.writeUInt16LE(entry.zip64 ? 28 : 0, 30);
  b.writeUInt16LE(0, 32); // comment
  b.writeUInt16LE(0, 34); // disk
  b.writeUInt16LE(0, 36); // internal attributes
  b.writeUInt32LE(FILE_ATTRIBUTES, 38);
  b.writeUInt32LE(entry.zip64 ? MAX_32 : entry.offset, 42);
  if (!entry.zip64) return Buffer.concat([b, entry.nameBytes]);
  // The ZIP64 extra field: every value whose header field above says 0xFFFFFFFF, in this order.
  const extra = Buffer.alloc(28);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(24, 2);
  extra.writeBigUInt64LE(BigInt(entry.size), 4); // uncompressed
  extra.writeBigUInt64LE(BigInt(entry.size), 12); // compressed
  extra.writeBigUInt64LE(BigInt(entry.offset), 20);
  return Buffer.concat([b, entry.nameBytes, extra]);
}

function zip64End(count: number, directoryOffset: number, directorySize: number): Buffer {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(ZIP64_END, 0);
  record.writeBigUInt64LE(44n, 4); // size of the rest of this record
  record.writeUInt16LE(MADE_BY, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeUInt32LE(0, 16); // this disk
  record.writeUInt32LE(0, 20); // disk of the directory
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(ZIP64_LOCATOR, 0);
  locator.writeUInt32LE(0, 4);
  locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
  locator.writeUInt32LE(1, 16); // disks in all
  return Buffer.concat([record, locator]);
}

function end(count: number, directoryOffset: number, directorySize: number, zip64: boolean): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(END, 0);
  b.writeUInt16LE(0, 4);
  b.writeUInt16LE(0, 6);
  b.writeUInt16LE(zip64 ? MAX_16 : count, 8);
  b.writeUInt16LE(zip64 ? MAX_16 : count, 10);
  b.writeUInt32LE(zip64 ? MAX_32 : directorySize, 12);
  b.writeUInt32LE(zip64 ? MAX_32 : directoryOffset, 16);
  b.writeUInt16LE(0, 20); // comment
  return b;
}

/** MS-DOS time and date fields (local time, 2-second steps, years 1980-2107). */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.min(2107, Math.max(1980, d.getFullYear()));
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}
