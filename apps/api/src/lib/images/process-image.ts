import { open, readFile } from 'node:fs/promises';
import { AppError } from '../errors.ts';
import { BmpDecodeError, decodeBmp } from './bmp.ts';
import { loadSharp } from './load-sharp.ts';
import { type AcceptedImageType, SNIFF_LENGTH, sniffImageType } from './sniff-image.ts';

/**
 * Largest image (width x height) we decode. 40 MP covers any phone or DSLR photo; beyond it a small
 * file can still expand to gigabytes of pixels (a decompression bomb).
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * BMP is decoded in JavaScript on the main thread (sharp cannot read it); a lower cap keeps the
 * worst case near a second. Nobody photographs in BMP at more than 12 megapixels.
 */
export const MAX_BMP_PIXELS = 12_000_000;

/** Upper bound on the CPU one upload may take, so a pathological file cannot hold a worker. */
const PROCESSING_TIMEOUT_SECONDS = 30;

export const WEBP_QUALITY = 82;

export const IMAGE_MESSAGES = {
  unsupportedType: 'Only PNG, JPEG, GIF or BMP images are accepted.',
  unsupportedBmp: 'This BMP variant is not supported. Please save the image as PNG or JPEG.',
  tooLarge: 'This image is too large to process.',
  unreadable: 'This image could not be read.',
} as const;

export type ImageRejection = 'unsupported-type' | 'too-large' | 'unreadable';

const REJECTION_STATUS: Record<ImageRejection, { status: number; code: string }> = {
  'unsupported-type': { status: 415, code: 'IMAGE_TYPE_NOT_ACCEPTED' },
  'too-large': { status: 413, code: 'IMAGE_TOO_LARGE' },
  unreadable: { status: 400, code: 'IMAGE_UNREADABLE' },
};

/** An upload that is not an image we accept; `message` is meant for the person who uploaded it. */
export class ImageRejectedError extends AppError {
  constructor(
    readonly reason: ImageRejection,
    message: string,
  ) {
    super(REJECTION_STATUS[reason].status, REJECTION_STATUS[reason].code, message);
    this.name = 'ImageRejectedError';
  }
}

export type ImageVariant = { width: number; height: number; fit: 'cover' | 'inside' };
export type ProcessedImage = { data: Buffer; width: number; height: number };

export const AVATAR_VARIANTS = {
  avatar: { width: 256, height: 256, fit: 'cover' },
} as const satisfies Record<string, ImageVariant>;
export const BANNER_VARIANTS = {
  banner: { width: 1500, height: 500, fit: 'cover' },
} as const satisfies Record<string, ImageVariant>;
/** A collection's cover: one 4:3 picture, cropped to fill (it heads the page and the cards). */
export const COVER_VARIANTS = {
  cover: { width: 1200, height: 900, fit: 'cover' },
} as const satisfies Record<string, ImageVariant>;
export const PHOTO_VARIANTS = {
  card: { width: 600, height: 450, fit: 'cover' },
  gallery: { width: 1600, height: 1200, fit: 'inside' },
} as const satisfies Record<string, ImageVariant>;

/**
 * Turns an uploaded image (a temp file path or bytes) into WebP variants. The type comes from the
 * content only; output carries no metadata (EXIF, GPS, comments) because sharp writes none unless
 * asked to, and pixels are turned upright first so dropping the orientation tag changes nothing.
 */
export async function processImage<K extends string>(
  input: string | Buffer,
  variants: Record<K, ImageVariant>,
): Promise<Record<K, ProcessedImage>> {
  const type = sniffImageType(await readHead(input));
  if (!type) throw new ImageRejectedError('unsupported-type', IMAGE_MESSAGES.unsupportedType);
  const source = type === 'bmp' ? await openBmp(input) : await openWithSharp(input, type);

  const entries = await Promise.all(
    (Object.entries(variants) as [K, ImageVariant][]).map(async ([name, variant]) => {
      const { data, info } = await source
        .clone()
        .resize({ width: variant.width, height: variant.height, fit: variant.fit, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true })
        .catch(rejectFromSharp);
      return [name, { data, width: info.width, height: info.height }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<K, ProcessedImage>;
}

async function readHead(input: string | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input.subarray(0, SNIFF_LENGTH);
  const file = await open(input, 'r');
  try {
    const head = Buffer.alloc(SNIFF_LENGTH);
    const { bytesRead } = await file.read(head, 0, SNIFF_LENGTH, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

async function openWithSharp(input: string | Buffer, type: Exclude<AcceptedImageType, 'bmp'>) {
  const sharp = await loadSharp();
  const image = sharp(input, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
    autoOrient: true,
    // Only the first frame of an animated GIF: a still is what cards and avatars show.
    pages: 1,
  }).timeout({ seconds: PROCESSING_TIMEOUT_SECONDS });
  // Reads the header only; refuses oversized dimensions before any pixel is decoded.
  const { format } = await image.metadata().catch(rejectFromSharp);
  // libvips picks its own loader from the content; make sure it is the one we sniffed and vetted.
  if (format !== type) throw new ImageRejectedError('unsupported-type', IMAGE_MESSAGES.unsupportedType);
  return image;
}

async function openBmp(input: string | Buffer) {
  const file = Buffer.isBuffer(input) ? input : await readFile(input);
  try {
    const { data, width, height } = decodeBmp(file, MAX_BMP_PIXELS);
    const sharp = await loadSharp();
    return sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS }).timeout({
      seconds: PROCESSING_TIMEOUT_SECONDS,
    });
  } catch (error) {
    if (!(error instanceof BmpDecodeError)) throw error;
    if (error.reason === 'too-large') throw new ImageRejectedError('too-large', IMAGE_MESSAGES.tooLarge);
    if (error.reason === 'unsupported')
      throw new ImageRejectedError('unsupported-type', IMAGE_MESSAGES.unsupportedBmp);
    throw new ImageRejectedError('unreadable', IMAGE_MESSAGES.unreadable);
  }
}

function rejectFromSharp(error: unknown): never {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit|timeout/i.test(message))
    throw new ImageRejectedError('too-large', IMAGE_MESSAGES.tooLarge);
  throw new ImageRejectedError('unreadable', IMAGE_MESSAGES.unreadable);
}
