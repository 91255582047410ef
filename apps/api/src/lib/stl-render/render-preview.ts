import { loadSharp } from '../images/load-sharp.ts';
import { type RasterOptions, rasterize } from './rasterize.ts';

/** The sizes the app shows: the 4:3 card of a listing and the design page's gallery. */
export const PREVIEW_SIZES = {
  card: { width: 600, height: 450 },
  gallery: { width: 1200, height: 900 },
} as const satisfies Record<string, PreviewSize>;

/** `size` is a square; otherwise width and height in pixels. */
export type PreviewSize = { size: number } | { width: number; height: number };
export type PreviewFormat = 'webp' | 'png';
export type PreviewOptions = PreviewSize &
  Omit<RasterOptions, 'width' | 'height'> & { format?: PreviewFormat };

/** Same quality as uploaded photos (lib/images): renders sit beside them in the same galleries. */
const WEBP_QUALITY = 82;

/** The pixel size a PreviewSize stands for. */
export function previewDimensions(size: PreviewSize): { width: number; height: number } {
  return 'size' in size
    ? { width: size.size, height: size.size }
    : { width: size.width, height: size.height };
}

/** The raster options of a preview: its size plus the look options, without the format. */
export function rasterOptions(options: PreviewOptions): RasterOptions {
  const {
    format: _format,
    size: _size,
    width: _width,
    height: _height,
    ...look
  }: PreviewOptions & { size?: number; width?: number; height?: number } = options;
  return { ...look, ...previewDimensions(options) };
}

/**
 * Renders a preview in the calling thread (the raster blocks it: about 0.2-0.5 s for a million
 * triangles) and encodes it, WebP by default, as stored for the app's images. A server renders
 * through the worker pool (preview-pool.ts) instead; this is for scripts, seeding and tests.
 */
export async function renderPreview(positions: Float32Array, options: PreviewOptions): Promise<Buffer> {
  const raster = rasterOptions(options);
  const pixels = rasterize(positions, raster);
  return encodePreview(pixels, raster.width, raster.height, options.format ?? 'webp');
}

/** renderPreview as a PNG: lossless, for tests and for comparing renders. */
export function renderPreviewPng(positions: Float32Array, options: PreviewOptions): Promise<Buffer> {
  return renderPreview(positions, { ...options, format: 'png' });
}

/**
 * RGBA pixels (rows top to bottom) to an image file. sharp encodes on libuv's thread pool, so this
 * does not hold the event loop either.
 */
export async function encodePreview(
  pixels: Uint8ClampedArray,
  width: number,
  height: number,
  format: PreviewFormat = 'webp',
): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), {
    raw: { width, height, channels: 4 },
  });
  return format === 'png' ? image.png().toBuffer() : image.webp({ quality: WEBP_QUALITY }).toBuffer();
}
