import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseMeshPositions } from '@printmarket/mesh/positions';
import { build } from 'esbuild';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateModel } from '../../seed/generators/stl-models.ts';
import { createPreviewPool, defaultWorkerUrl, type PreviewPool, PreviewPoolError } from './preview-pool.ts';
import { rasterize } from './rasterize.ts';
import { torusPositions } from './render-fixtures.ts';
import { PREVIEW_SIZES } from './render-preview.ts';

/**
 * Node 20 cannot run the TypeScript worker, so the tests bundle it with esbuild into a temporary
 * .mjs, as apps/api/build.mjs does for dist/preview-worker.js.
 */
let dir: string;
let workerUrl: URL;
/** Dies of an uncaught exception on a 7-pixel-wide request, otherwise renders like the real one. */
let crashingWorkerUrl: URL;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stl-preview-'));
  const worker = path.join(dir, 'preview-worker.mjs');
  const bundle = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  } as const;
  await build({
    entryPoints: [fileURLToPath(new URL('./preview-worker.ts', import.meta.url))],
    outfile: worker,
    ...bundle,
  });
  workerUrl = pathToFileURL(worker);
  // The real worker's loop with an uncaught exception for one request size.
  const crashing = path.join(dir, 'crashing-worker.mjs');
  await build({
    stdin: {
      contents: `import { parentPort } from 'node:worker_threads';
import { rasterize } from './rasterize.ts';
parentPort.on('message', (request) => {
  if (request.task.options.width === 7) throw new Error('simulated crash');
  const bytes = rasterize(request.positions, request.task.options);
  parentPort.postMessage({ id: request.id, ok: true, bytes }, [bytes.buffer]);
});`,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'js',
    },
    outfile: crashing,
    ...bundle,
  });
  crashingWorkerUrl = pathToFileURL(crashing);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const rook = () => parseMeshPositions('stl', generateModel('rook', { seed: 4, detail: 0.2 }).stl);
const small = { width: 64, height: 48 };

/** Runs `body` with a pool that is closed afterwards whatever happens. */
async function withPool(
  options: Parameters<typeof createPreviewPool>[0],
  body: (pool: PreviewPool) => Promise<void>,
) {
  const pool = createPreviewPool({ workerUrl, ...options });
  try {
    await body(pool);
  } finally {
    await pool.close();
  }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the job to fail');
    },
    (err: unknown) => {
      expect(err).toBeInstanceOf(PreviewPoolError);
      return (err as PreviewPoolError).reason;
    },
  );

describe('preview pool', () => {
  it('renders in a worker exactly what the renderer gives in-process, as WebP by default', async () => {
    await withPool({ size: 2 }, async (pool) => {
      const expected = rasterize(rook(), PREVIEW_SIZES.card);
      const positions = rook();
      const pixels = await pool.rasterize(positions, PREVIEW_SIZES.card);
      // The positions moved to the worker rather than being copied.
      expect(positions.length).toBe(0);
      expect(Buffer.from(pixels).equals(Buffer.from(expected))).toBe(true);

      const webp = await pool.render(rook(), PREVIEW_SIZES.card);
      const meta = await sharp(webp).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 450]);
    });
  });

  it('copies positions that share memory instead of detaching it', async () => {
    await withPool({ size: 1 }, async (pool) => {
      const whole = rook();
      const view = whole.subarray(9);
      await pool.rasterize(view, small);
      expect(view.length).toBe(whole.length - 9);
    });
  });

  it('keeps the event loop turning while a million-triangle render runs', async () => {
    const positions = torusPositions(1_000_000);
    await withPool({ size: 1 }, async (pool) => {
      let finished = false;
      const rendering = pool.rasterize(positions, { width: 1024, height: 1024 }).finally(() => {
        finished = true;
      });
      // In-process, the render would hold the event loop until it finished: not one turn would run
      // before it settled. How long it holds a loaded machine's loop is measured by the render bench.
      let turns = 0;
      while (!finished) {
        await new Promise((resolve) => setImmediate(resolve));
        turns += 1;
      }
      await rendering;
      expect(turns).toBeGreaterThan(10);
    });
  });

  it('kills a job that runs too long and goes on with a fresh worker', async () => {
    // The limit applies to the small render after it too, which a busy machine can slow to seconds
    // (a fresh worker starts first).
    await withPool({ size: 1, timeoutMs: 10_000 }, async (pool) => {
      // A pathological file: thousands of copies of a triangle that fills the frame, minutes of
      // work at 4096 px. A small render in a fresh worker stays far under the limit.
      const stuck = new Float32Array(9 * 5_000);
      for (let o = 0; o < stuck.length; o += 9) stuck.set([0, 0, 0, 100, 0, 0, 0, 100, 0], o);
      const slow = pool.rasterize(stuck, { width: 4096, height: 4096 });
      expect(await failure(slow)).toBe('timeout');
      expect(pool.stats().workers).toBe(0);
      const pixels = await pool.rasterize(rook(), small);
      expect(pixels).toHaveLength(small.width * small.height * 4);
    });
  });

  it('survives a worker that crashes', async () => {
    await withPool({ size: 1, workerUrl: crashingWorkerUrl }, async (pool) => {
      const crashed = pool.rasterize(rook(), { width: 7, height: 7 });
      const next = pool.rasterize(rook(), small);
      expect(await failure(crashed)).toBe('worker-exited');
      expect(await next).toHaveLength(small.width * small.height * 4);
    });
  });

  it('refuses a size it cannot render before it reaches a worker', async () => {
    await withPool({ size: 1 }, async (pool) => {
      await expect(pool.rasterize(rook(), { width: 0, height: 10 })).rejects.toThrow(RangeError);
      expect(pool.stats().workers).toBe(0);
    });
  });

  it('refuses work beyond its queue', async () => {
    await withPool({ size: 1, maxQueue: 1 }, async (pool) => {
      const running = pool.rasterize(rook(), PREVIEW_SIZES.card);
      const waiting = pool.rasterize(rook(), PREVIEW_SIZES.card);
      expect(await failure(pool.rasterize(rook(), small))).toBe('queue-full');
      await Promise.all([running, waiting]);
    });
  });

  it('close() fails pending jobs, ends the workers and refuses new work', async () => {
    const pool = createPreviewPool({ workerUrl, size: 2 });
    const big = torusPositions(1_000_000);
    // Copied before the first job takes the original's memory.
    const copy = big.slice();
    const jobs = [
      pool.rasterize(big, { width: 2048, height: 2048 }),
      pool.rasterize(copy, { width: 2048, height: 2048 }),
      pool.rasterize(rook(), small),
    ];
    expect(pool.stats()).toEqual({ workers: 2, running: 2, queued: 1 });
    const outcomes = Promise.all(jobs.map(failure));
    // The running renders are failed, not awaited (how soon close() returns is measured by the
    // render bench).
    await pool.close();
    expect(await outcomes).toEqual(['closed', 'closed', 'closed']);
    expect(pool.stats()).toEqual({ workers: 0, running: 0, queued: 0 });
    expect(await failure(pool.rasterize(rook(), small))).toBe('closed');
  });

  it('finds the worker beside it: the .ts source, or dist/preview-worker.js from dist/ or dist/chunks/', async () => {
    expect(defaultWorkerUrl().pathname).toMatch(/stl-render\/preview-worker\.ts$/);
    const dist = path.join(dir, 'dist');
    await mkdir(path.join(dist, 'chunks'), { recursive: true });
    await writeFile(path.join(dist, 'preview-worker.js'), '');
    const expected = pathToFileURL(path.join(dist, 'preview-worker.js')).href;
    for (const module of ['server.js', 'chunks/previews-AB12CD.js']) {
      expect(defaultWorkerUrl(pathToFileURL(path.join(dist, module)).href).href).toBe(expected);
    }
  });
});
