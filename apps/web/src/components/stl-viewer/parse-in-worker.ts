import type { ModelData } from './mesh-data.ts';
import { StlParseError } from './parse-stl.ts';
import { runWorkerOnce } from './run-worker-once.ts';
import type { StlWorkerReply } from './stl-worker-protocol.ts';

/**
 * Parses STL bytes in a fresh Web Worker. The buffer is transferred and the positions and normals
 * come back the same way, so a large model is never copied. The worker is ended after one file, or
 * as soon as `signal` aborts (the viewer closed or changed file).
 */
export async function parseStlInWorker(buffer: ArrayBuffer, signal: AbortSignal): Promise<ModelData> {
  const reply = await runWorkerOnce<StlWorkerReply>(
    () => new Worker(new URL('./stl-parse.worker.ts', import.meta.url), { type: 'module' }),
    buffer,
    signal,
  );
  if (reply.ok) return reply.result;
  throw new StlParseError(reply.message);
}
