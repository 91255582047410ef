/**
 * Reads a model file and prepares its normals off the main thread: for a 50 MB model that takes
 * long enough that the page would freeze otherwise. Receives a ModelRequest (its buffer transferred)
 * and answers once, handing the arrays back without copying them.
 */
import { readModel } from './read-model.ts';
import type { ModelRequest } from './worker-protocol.ts';

self.onmessage = (event: MessageEvent<ModelRequest>) => {
  const reply = readModel(event.data);
  const transfer = reply.ok ? [reply.result.positions.buffer, reply.result.normals.buffer] : [];
  self.postMessage(reply, { transfer });
};
