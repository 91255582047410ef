/**
 * The worker thread of the preview pool: renders each picture or builds each preview mesh and
 * sends the bytes back. Built as its own entry point (dist/preview-worker.js) so it loads only the
 * renderer and the mesh builder, not the server.
 */
import { parentPort } from 'node:worker_threads';
import { buildPreviewMesh } from '../preview-mesh/build-preview-mesh.ts';
import { rasterize } from './rasterize.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('preview-worker runs as a worker thread of the preview pool');

async function run({ positions, task }: WorkerRequest): Promise<Uint8ClampedArray | Uint8Array> {
  if (task.kind === 'raster') return rasterize(positions, task.options);
  return (await buildPreviewMesh(positions)).glb;
}

// The pool sends a worker one job at a time, so jobs never overlap here.
port.on('message', async (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { id: request.id, ok: true, bytes: await run(request) };
  } catch (err) {
    reply = { id: request.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  // Both results own their ArrayBuffer: moving it back costs nothing.
  port.postMessage(reply, reply.ok ? [reply.bytes.buffer as ArrayBuffer] : []);
});
