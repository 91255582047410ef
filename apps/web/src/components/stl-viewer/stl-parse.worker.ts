/**
 * Parses an STL file and prepares its normals off the main thread: for a 50 MB model that takes
 * long enough that the page would freeze otherwise. Receives the file's ArrayBuffer (transferred)
 * and answers once.
 */
import { prepareModel } from './mesh-data.ts';
import { parseStl, StlParseError } from './parse-stl.ts';
import type { StlWorkerReply } from './stl-worker-protocol.ts';

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  let reply: StlWorkerReply;
  try {
    reply = { ok: true, result: prepareModel(parseStl(event.data)) };
  } catch (error) {
    const message =
      error instanceof StlParseError ? error.message : 'The file could not be read as an STL file.';
    reply = { ok: false, message };
  }
  const transfer = reply.ok ? [reply.result.positions.buffer, reply.result.normals.buffer] : [];
  self.postMessage(reply, { transfer });
};
