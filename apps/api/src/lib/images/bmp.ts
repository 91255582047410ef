/**
 * A decoder for the uncompressed BMP files people actually have (Paint, screenshots, old cameras),
 * because sharp/libvips cannot read BMP. Output is straight RGBA, 8 bits per channel, top row first,
 * ready for `sharp(data, { raw: { width, height, channels: 4 } })`.
 *
 * Supported: Windows info headers v1 to v5, 1/4/8-bit paletted, 16/24/32-bit, BI_RGB and
 * BI_BITFIELDS, bottom-up and top-down. Refused: RLE, embedded JPEG/PNG, OS/2 headers.
 */

export type DecodedBmp = { data: Buffer; width: number; height: number };

export type BmpErrorReason = 'unsupported' | 'too-large' | 'corrupt';

export class BmpDecodeError extends Error {
  constructor(
    readonly reason: BmpErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'BmpDecodeError';
  }
}

const FILE_HEADER_SIZE = 14;
const WINDOWS_HEADER_SIZES = new Set([40, 52, 56, 108, 124]);
const BI_RGB = 0;
const BI_BITFIELDS = 3;

type ChannelMask = { mask: number; shift: number; max: number };
type Masks = { r: ChannelMask; g: ChannelMask; b: ChannelMask; a: ChannelMask | null };

export function decodeBmp(file: Buffer, maxPixels: number): DecodedBmp {
  if (file.length < FILE_HEADER_SIZE + 40 || file.toString('latin1', 0, 2) !== 'BM') {
    throw new BmpDecodeError('corrupt', 'The BMP header is incomplete.');
  }
  const pixelOffset = file.readUInt32LE(10);
  const headerSize = file.readUInt32LE(14);
  if (!WINDOWS_HEADER_SIZES.has(headerSize)) {
    throw new BmpDecodeError('unsupported', `BMP info header of ${headerSize} bytes is not supported.`);
  }
  if (file.length < FILE_HEADER_SIZE + headerSize || pixelOffset < FILE_HEADER_SIZE + headerSize) {
    throw new BmpDecodeError('corrupt', 'The BMP header is incomplete.');
  }
  const width = file.readInt32LE(18);
  const signedHeight = file.readInt32LE(22);
  const planes = file.readUInt16LE(26);
  const bitsPerPixel = file.readUInt16LE(28);
  const compression = file.readUInt32LE(30);
  const coloursUsed = file.readUInt32LE(46);

  if (width <= 0 || signedHeight === 0 || planes !== 1) {
    throw new BmpDecodeError('corrupt', 'The BMP declares impossible dimensions.');
  }
  // A negative height is the (rarer) top-down row order.
  const topDown = signedHeight < 0;
  const height = Math.abs(signedHeight);
  // Checked before anything is allocated: the declared size decides the output buffer.
  if (width * height > maxPixels) {
    throw new BmpDecodeError('too-large', `A ${width}x${height} BMP exceeds ${maxPixels} pixels.`);
  }

  const stride = Math.floor((bitsPerPixel * width + 31) / 32) * 4;
  if (pixelOffset + stride * height > file.length) {
    throw new BmpDecodeError('corrupt', 'The BMP pixel data is truncated.');
  }

  const out = Buffer.alloc(width * height * 4);
  const rowStart = (y: number) => pixelOffset + stride * (topDown ? y : height - 1 - y);

  if (compression === BI_RGB && (bitsPerPixel === 1 || bitsPerPixel === 4 || bitsPerPixel === 8)) {
    const palette = readPalette(
      file,
      FILE_HEADER_SIZE + headerSize,
      coloursUsed || 2 ** bitsPerPixel,
      pixelOffset,
    );
    decodePaletted(file, out, width, height, bitsPerPixel, palette, rowStart);
  } else if (compression === BI_RGB && bitsPerPixel === 24) {
    decode24(file, out, width, height, rowStart);
  } else if (
    (compression === BI_RGB || compression === BI_BITFIELDS) &&
    (bitsPerPixel === 16 || bitsPerPixel === 32)
  ) {
    const masks = compression === BI_BITFIELDS ? readMasks(file, headerSize) : defaultMasks(bitsPerPixel);
    decodeMasked(file, out, width, height, bitsPerPixel, masks, rowStart);
    // BI_RGB 32-bit files usually leave the fourth byte at zero; read as alpha they would vanish.
    if (compression === BI_RGB && bitsPerPixel === 32 && isFullyTransparent(out)) makeOpaque(out);
  } else {
    throw new BmpDecodeError(
      'unsupported',
      `BMP with ${bitsPerPixel} bits per pixel and compression ${compression} is not supported.`,
    );
  }
  return { data: out, width, height };
}

function readPalette(file: Buffer, start: number, count: number, pixelOffset: number): Buffer {
  if (count > 256 || start + count * 4 > Math.min(pixelOffset, file.length)) {
    throw new BmpDecodeError('corrupt', 'The BMP colour table is damaged.');
  }
  // Entries are B, G, R, reserved; unused indices stay black, as other viewers show them.
  const rgba = Buffer.alloc(256 * 4);
  for (let i = 0; i < 256; i++) rgba[i * 4 + 3] = 255;
  for (let i = 0; i < count; i++) {
    const at = start + i * 4;
    rgba[i * 4] = file[at + 2]!;
    rgba[i * 4 + 1] = file[at + 1]!;
    rgba[i * 4 + 2] = file[at]!;
  }
  return rgba;
}

function decodePaletted(
  file: Buffer,
  out: Buffer,
  width: number,
  height: number,
  bitsPerPixel: number,
  palette: Buffer,
  rowStart: (y: number) => number,
): void {
  const perByte = 8 / bitsPerPixel;
  const valueMask = (1 << bitsPerPixel) - 1;
  for (let y = 0; y < height; y++) {
    const row = rowStart(y);
    let o = y * width * 4;
    for (let x = 0; x < width; x++) {
      const byte = file[row + Math.floor(x / perByte)]!;
      // The leftmost pixel sits in the most significant bits.
      const shift = 8 - bitsPerPixel * ((x % perByte) + 1);
      const index = (byte >> shift) & valueMask;
      palette.copy(out, o, index * 4, index * 4 + 4);
      o += 4;
    }
  }
}

function decode24(
  file: Buffer,
  out: Buffer,
  width: number,
  height: number,
  rowStart: (y: number) => number,
): void {
  for (let y = 0; y < height; y++) {
    let i = rowStart(y);
    let o = y * width * 4;
    for (let x = 0; x < width; x++) {
      out[o] = file[i + 2]!;
      out[o + 1] = file[i + 1]!;
      out[o + 2] = file[i]!;
      out[o + 3] = 255;
      i += 3;
      o += 4;
    }
  }
}

function decodeMasked(
  file: Buffer,
  out: Buffer,
  width: number,
  height: number,
  bitsPerPixel: number,
  masks: Masks,
  rowStart: (y: number) => number,
): void {
  const bytes = bitsPerPixel / 8;
  for (let y = 0; y < height; y++) {
    let i = rowStart(y);
    let o = y * width * 4;
    for (let x = 0; x < width; x++) {
      const px = bytes === 4 ? file.readUInt32LE(i) : file.readUInt16LE(i);
      out[o] = channel(px, masks.r);
      out[o + 1] = channel(px, masks.g);
      out[o + 2] = channel(px, masks.b);
      out[o + 3] = masks.a ? channel(px, masks.a) : 255;
      i += bytes;
      o += 4;
    }
  }
}

function channel(px: number, { mask, shift, max }: ChannelMask): number {
  if (max === 0) return 0;
  return Math.round((((px & mask) >>> 0) >>> shift) * (255 / max));
}

function toChannelMask(mask: number): ChannelMask {
  const unsigned = mask >>> 0;
  if (unsigned === 0) return { mask: 0, shift: 0, max: 0 };
  let shift = 0;
  while (((unsigned >>> shift) & 1) === 0) shift++;
  const max = unsigned >>> shift;
  // A mask with holes (e.g. 0b1011) has no meaningful scale; real encoders never write one.
  if ((max & (max + 1)) !== 0) throw new BmpDecodeError('corrupt', 'The BMP colour masks are invalid.');
  return { mask: unsigned, shift, max };
}

function readMasks(file: Buffer, headerSize: number): Masks {
  // Masks follow a v1 header directly and are part of v2+ headers: same offsets either way.
  const at = FILE_HEADER_SIZE + 40;
  if (file.length < at + 12) throw new BmpDecodeError('corrupt', 'The BMP colour masks are missing.');
  const alphaMask = headerSize >= 56 ? file.readUInt32LE(at + 12) : 0;
  return {
    r: toChannelMask(file.readUInt32LE(at)),
    g: toChannelMask(file.readUInt32LE(at + 4)),
    b: toChannelMask(file.readUInt32LE(at + 8)),
    a: alphaMask === 0 ? null : toChannelMask(alphaMask),
  };
}

function defaultMasks(bitsPerPixel: number): Masks {
  if (bitsPerPixel === 16) {
    return { r: toChannelMask(0x7c00), g: toChannelMask(0x03e0), b: toChannelMask(0x001f), a: null };
  }
  return {
    r: toChannelMask(0x00ff0000),
    g: toChannelMask(0x0000ff00),
    b: toChannelMask(0x000000ff),
    a: toChannelMask(0xff000000),
  };
}

function isFullyTransparent(rgba: Buffer): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 0) return false;
  return true;
}

function makeOpaque(rgba: Buffer): void {
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
}
