import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { previewRenderDuration } from '../metrics.ts';
import { assertRenderSize, type RasterOptions } from './rasterize.ts';
import { encodePreview, type PreviewOptions, rasterOptions } from './render-preview.ts';
import type { WorkerReply, WorkerRequest, WorkerTask } from './worker-protocol.ts';

export type PreviewPoolOptions = {
  /** Worker threads at most. Default: one less than the cores, at least 1 (the event loop keeps one). */
  size?: number;
  /** Jobs that may wait for a worker; one more is refused at once. Default 64. */
  maxQueue?: number;
  /** Longest a job may run before its worker is killed and replaced. Default 30 s. */
  timeoutMs?: number;
  /** The worker script. Default: defaultWorkerUrl(). */
  workerUrl?: URL;
};

export type PreviewFailure = 'queue-full' | 'timeout' | 'worker-exited' | 'render-failed' | 'closed';

/** A render the pool could not deliver; `reason` says why. */
export class PreviewPoolError extends Error {
  constructor(
    readonly reason: PreviewFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PreviewPoolError';
  }
}

export type PreviewPool = {
  /** RGBA pixels rendered in a worker. The positions' buffer moves to the worker: do not reuse it. */
  rasterize(positions: Float32Array, options: RasterOptions): Promise<Uint8ClampedArray>;
  /** rasterize, then encode (WebP unless `format` says otherwise) off the event loop by sharp. */
  render(positions: Float32Array, options: PreviewOptions): Promise<Buffer>;
  /** The public preview mesh (glTF binary) built in a worker; the positions' buffer moves there too. */
  buildMesh(positions: Float32Array): Promise<Uint8Array>;
  /** Refuses new jobs, fails waiting and running ones with reason 'closed', ends every worker. */
  close(): Promise<void>;
  /** Live counts, for logs and tests. */
  stats(): { workers: number; running: number; queued: number };
};

type Job = {
  id: number;
  positions: Float32Array;
  task: WorkerTask;
  resolve: (bytes: Uint8ClampedArray | Uint8Array) => void;
  reject: (error: Error) => void;
};

type Slot = { worker: Worker; job: Job | null; timer: NodeJS.Timeout | undefined };

/**
 * The worker script next to this module. From source that is preview-worker.ts, which only a Node
 * that strips types can start (Vitest on Node 20 passes a bundled copy instead). In the esbuild
 * bundle it is dist/preview-worker.js, an entry point of its own, while this module may have been
 * bundled into dist/server.js or into a chunk in dist/chunks/: both places are looked at.
 */
export function defaultWorkerUrl(moduleUrl: string = import.meta.url): URL {
  if (moduleUrl.endsWith('.ts')) return new URL('./preview-worker.ts', moduleUrl);
  const candidates = [new URL('./preview-worker.js', moduleUrl), new URL('../preview-worker.js', moduleUrl)];
  return candidates.find((url) => existsSync(fileURLToPath(url))) ?? candidates[0]!;
}

/**
 * Renders previews in worker threads so that a million-triangle raster never stalls the API.
 * Workers start on demand and, idle, do not keep the process alive. A worker that overruns the
 * timeout is terminated and replaced; one that dies fails only the job it had.
 */
export function createPreviewPool(options: PreviewPoolOptions = {}): PreviewPool {
  const size = Math.max(1, Math.floor(options.size ?? availableParallelism() - 1));
  const maxQueue = Math.max(0, options.maxQueue ?? 64);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const workerUrl = options.workerUrl ?? defaultWorkerUrl();
  const slots: Slot[] = [];
  const queue: Job[] = [];
  const exits = new Set<Promise<number>>();
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const worker = new Worker(workerUrl, { name: 'stl-preview' });
    const slot: Slot = { worker, job: null, timer: undefined };
    let crash: Error | undefined;
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.job;
      if (!job || reply.id !== job.id) return;
      release(slot);
      if (reply.ok) job.resolve(reply.bytes);
      else job.reject(new PreviewPoolError('render-failed', `preview render failed: ${reply.message}`));
      pump();
    });
    // An uncaught exception in the worker: 'exit' follows and does the clean-up.
    worker.on('error', (err) => {
      crash = err;
    });
    const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
    exits.add(exited);
    void exited.then((code) => {
      exits.delete(exited);
      const at = slots.indexOf(slot);
      // Not in the list: it was retired on purpose (timeout, close) and its job already settled.
      if (at < 0) return;
      slots.splice(at, 1);
      const job = slot.job;
      release(slot);
      job?.reject(
        new PreviewPoolError(
          'worker-exited',
          `preview worker stopped (exit code ${code})${crash ? `: ${crash.message}` : ''}`,
        ),
      );
      pump();
    });
    worker.unref();
    slots.push(slot);
    return slot;
  };

  const release = (slot: Slot) => {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.job = null;
    slot.worker.unref();
  };

  const retire = (slot: Slot) => {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    release(slot);
    void slot.worker.terminate();
  };

  const dispatch = (slot: Slot, job: Job) => {
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      retire(slot);
      job.reject(new PreviewPoolError('timeout', `preview render took longer than ${timeoutMs} ms`));
      pump();
    }, timeoutMs);
    post(slot.worker, { id: job.id, positions: job.positions, task: job.task });
  };

  const pump = () => {
    while (!closed && queue.length > 0) {
      const slot = slots.find((s) => s.job === null) ?? (slots.length < size ? spawn() : undefined);
      if (!slot) return;
      dispatch(slot, queue.shift()!);
    }
  };

  const runInWorker = (positions: Float32Array, task: WorkerTask) =>
    new Promise<Uint8ClampedArray | Uint8Array>((resolve, reject) => {
      if (closed) throw new PreviewPoolError('closed', 'the preview pool is closed');
      if (queue.length >= maxQueue && !slots.some((s) => s.job === null) && slots.length >= size) {
        throw new PreviewPoolError('queue-full', `too many previews waiting (${queue.length})`);
      }
      queue.push({ id: nextId++, positions, task, resolve, reject });
      pump();
    });

  const rasterizeInWorker = async (positions: Float32Array, raster: RasterOptions) => {
    assertRenderSize(raster.width, raster.height);
    return (await runInWorker(positions, { kind: 'raster', options: raster })) as Uint8ClampedArray;
  };

  return {
    rasterize: rasterizeInWorker,
    buildMesh: async (positions) => (await runInWorker(positions, { kind: 'mesh' })) as Uint8Array,
    async render(positions, previewOptions) {
      const timer = previewRenderDuration.startTimer();
      try {
        const raster = rasterOptions(previewOptions);
        const pixels = await rasterizeInWorker(positions, raster);
        const image = await encodePreview(
          pixels,
          raster.width,
          raster.height,
          previewOptions.format ?? 'webp',
        );
        timer({ outcome: 'rendered' });
        return image;
      } catch (error) {
        timer({ outcome: 'failed' });
        throw error;
      }
    },
    async close() {
      closed = true;
      const failure = () => new PreviewPoolError('closed', 'the preview pool was closed');
      for (const job of queue.splice(0)) job.reject(failure());
      for (const slot of [...slots]) {
        const job = slot.job;
        retire(slot);
        job?.reject(failure());
      }
      await Promise.all(exits);
    },
    stats: () => ({
      workers: slots.length,
      running: slots.filter((s) => s.job !== null).length,
      queued: queue.length,
    }),
  };
}

/**
 * Sends a request, moving the positions' memory to the worker. Memory that cannot move (a view
 * into a larger or shared buffer, such as Node's pooled Buffer memory) is copied first.
 */
function post(worker: Worker, request: WorkerRequest): void {
  const { positions } = request;
  const ownsBuffer =
    positions.buffer instanceof ArrayBuffer &&
    positions.byteOffset === 0 &&
    positions.byteLength === positions.buffer.byteLength;
  try {
    if (ownsBuffer) {
      worker.postMessage(request, [positions.buffer as ArrayBuffer]);
      return;
    }
  } catch {
    // Marked untransferable: copy below.
  }
  const copy = positions.slice();
  worker.postMessage({ ...request, positions: copy }, [copy.buffer]);
}
