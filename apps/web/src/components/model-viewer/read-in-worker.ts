import { MeshRejectedError, type ModelKind } from '@printmarket/mesh/mesh-errors';
import type { ModelData } from './mesh-data.ts';
import { runWorkerOnce } from './run-worker-once.ts';
import type { ReadReply } from './worker-protocol.ts';

/**
 * Reads a model file's bytes in a fresh Web Worker. The buffer is transferred and the positions and
 * normals come back the same way, so a large model is never copied. The worker is ended after one
 * file, or as soon as `signal` aborts (the viewer closed or changed file). A refused file fails
 * with MeshRejectedError, whose message says why.
 */
export async function readModelInWorker(
  kind: ModelKind,
  buffer: ArrayBuffer,
  signal: AbortSignal,
): Promise<ModelData> {
  const reply = await runWorkerOnce<ReadReply>(
    () => new Worker(new URL('./model-read.worker.ts', import.meta.url), { type: 'module' }),
    { kind, buffer },
    signal,
  );
  if (reply.ok) return reply.result;
  throw new MeshRejectedError(kind, reply.reason);
}
