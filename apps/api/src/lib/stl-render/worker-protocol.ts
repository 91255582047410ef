import type { RasterOptions } from './rasterize.ts';

/** Pool to worker: one render. The positions' buffer is transferred, not copied. */
export type RenderRequest = { id: number; positions: Float32Array; options: RasterOptions };

/** Worker to pool: the pixels (transferred) or why the render failed. */
export type RenderReply =
  | { id: number; ok: true; pixels: Uint8ClampedArray }
  | { id: number; ok: false; message: string };
