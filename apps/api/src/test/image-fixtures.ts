import { crc32, deflateSync } from 'node:zlib';

/** Hand-written image files for the tests: shapes no encoder we have would produce. */

export type Rgba = [number, number, number, number];

type BmpOptions = {
  width: number;
  height: number;
  pixel: (x: number, y: number) => Rgba;
  topDown?: boolean;
};

/** Uncompressed BMP with a 40-byte info header, 24 or 32 bits per pixel (BI_RGB). */
export function makeBmp(
  bitsPerPixel: 24 | 32,
  { width, height, pixel, topDown = false }: BmpOptions,
): Buffer {
  const bytes = bitsPerPixel / 8;
  const stride = Math.ceil((width * bytes) / 4) * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const row = (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      const at = row + x * bytes;
      pixels[at] = b;
      pixels[at + 1] = g;
      pixels[at + 2] = r;
      if (bytes === 4) pixels[at + 3] = a;
    }
  }
  return Buffer.concat([
    bmpHeaders({
      width,
      height: topDown ? -height : height,
      bitsPerPixel,
      compression: 0,
      dataOffset: 54,
      size: pixels.length,
    }),
    pixels,
  ]);
}

/** 8-bit paletted BMP; `indexAt` picks a palette entry per pixel. */
export function makePalettedBmp(
  width: number,
  height: number,
  palette: Rgba[],
  indexAt: (x: number, y: number) => number,
) {
  const stride = Math.ceil(width / 4) * 4;
  const table = Buffer.alloc(palette.length * 4);
  palette.forEach(([r, g, b], i) => {
    table.set([b, g, r, 0], i * 4);
  });
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels[(height - 1 - y) * stride + x] = indexAt(x, y);
  }
  const header = bmpHeaders({
    width,
    height,
    bitsPerPixel: 8,
    compression: 0,
    dataOffset: 54 + table.length,
    size: pixels.length,
  });
  header.writeUInt32LE(palette.length, 46);
  return Buffer.concat([header, table, pixels]);
}

/** 32-bit BI_BITFIELDS BMP with a v4 header (108 bytes) and a real alpha mask. */
export function makeBitfieldsBmp(
  width: number,
  height: number,
  pixel: (x: number, y: number) => Rgba,
): Buffer {
  const infoSize = 108;
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      // Masks below put red in the lowest byte, to prove they are honoured rather than assumed.
      pixels.writeUInt32LE(((a << 24) | (b << 16) | (g << 8) | r) >>> 0, ((height - 1 - y) * width + x) * 4);
    }
  }
  const header = Buffer.alloc(14 + infoSize);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(header.length + pixels.length, 2);
  header.writeUInt32LE(header.length, 10);
  header.writeUInt32LE(infoSize, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(32, 28);
  header.writeUInt32LE(3, 30);
  header.writeUInt32LE(pixels.length, 34);
  header.writeUInt32LE(0x000000ff, 54);
  header.writeUInt32LE(0x0000ff00, 58);
  header.writeUInt32LE(0x00ff0000, 62);
  header.writeUInt32LE(0xff000000, 66);
  return Buffer.concat([header, pixels]);
}

type HeaderFields = {
  width: number;
  height: number;
  bitsPerPixel: number;
  compression: number;
  dataOffset: number;
  size: number;
};

export function bmpHeaders({
  width,
  height,
  bitsPerPixel,
  compression,
  dataOffset,
  size,
}: HeaderFields): Buffer {
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(dataOffset + size, 2);
  header.writeUInt32LE(dataOffset, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(bitsPerPixel, 28);
  header.writeUInt32LE(compression, 30);
  header.writeUInt32LE(size, 34);
  return header;
}

/**
 * A valid 1-bit greyscale PNG of the given size whose all-zero rows deflate to almost nothing:
 * 20000x20000 is about 50 KB on disk and 400 million pixels once decoded.
 */
export function makeBombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, body: Buffer): Buffer {
  const typeAndBody = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndBody));
  return Buffer.concat([length, typeAndBody, crc]);
}
