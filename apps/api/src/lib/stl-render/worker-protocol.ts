import type { RasterOptions } from './rasterize.ts';

/** What a worker makes from a model's triangles: a picture's pixels, or the preview mesh. */
export type WorkerTask = { kind: 'raster'; options: RasterOptions } | { kind: 'mesh' };

/** Pool to worker: one job. The positions' buffer is transferred, not copied. */
export type WorkerRequest = { id: number; positions: Float32Array; task: WorkerTask };

/** Worker to pool: RGBA pixels or the preview's glTF binary (transferred), or why the job failed. */
export type WorkerReply =
  | { id: number; ok: true; bytes: Uint8ClampedArray | Uint8Array }
  | { id: number; ok: false; message: string };
