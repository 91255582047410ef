export type AcceptedImageType = 'png' | 'jpeg' | 'gif' | 'bmp';

/** How many leading bytes `sniffImageType` looks at; read at least this many from an upload. */
export const SNIFF_LENGTH = 18;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * BMP info header sizes (OS/2 core, Windows v1-v5, OS/2 v2). "BM" alone is too weak a signature:
 * plenty of text files start with those two letters, so the header size must be a known one too.
 */
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

/**
 * Tells the type of an uploaded image from its first bytes alone. File names and client MIME types
 * are chosen by the sender and say nothing about what a decoder will actually be fed. Anything not
 * on the accepted list (SVG can carry scripts, WebP/TIFF/HEIC are not offered) is null.
 */
export function sniffImageType(head: Buffer): AcceptedImageType | null {
  if (head.length >= PNG_SIGNATURE.length && head.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    return 'png';
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 6) {
    const gif = head.toString('latin1', 0, 6);
    if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  }
  if (
    head.length >= 18 &&
    head[0] === 0x42 &&
    head[1] === 0x4d &&
    BMP_HEADER_SIZES.has(head.readUInt32LE(14))
  ) {
    return 'bmp';
  }
  return null;
}
