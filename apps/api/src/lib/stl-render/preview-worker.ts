/**
 * The worker thread of the preview pool: renders each request and sends the pixels back. Built
 * as its own entry point (dist/preview-worker.js) so it loads only the renderer, not the server.
 */
import { parentPort } from 'node:worker_threads';
import { rasterize } from './rasterize.ts';
import type { RenderReply, RenderRequest } from './worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('preview-worker runs as a worker thread of the preview pool');

port.on('message', (request: RenderRequest) => {
  let reply: RenderReply;
  try {
    reply = { id: request.id, ok: true, pixels: rasterize(request.positions, request.options) };
  } catch (err) {
    reply = { id: request.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  // rasterize allocates its own ArrayBuffer: moving it back costs nothing.
  port.postMessage(reply, reply.ok ? [reply.pixels.buffer as ArrayBuffer] : []);
});
