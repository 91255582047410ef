/**
 * What the two model workers do with their one request, kept apart from the worker globals so it
 * runs in unit tests too. The reading is the package's (@printmarket/mesh), the same the API checks
 * an upload with, so the viewer accepts and refuses exactly the files the server does.
 */
import { MeshRejectedError, type MeshRejection } from '@printmarket/mesh/mesh-errors';
import { parseMeshPositions } from '@printmarket/mesh/positions';
import { prepareModel } from './mesh-data.ts';
import type { CheckReply, ModelRequest, ReadReply } from './worker-protocol.ts';

/** The model ready to draw: positions, normals and bounds, or why the file is refused. */
export function readModel({ kind, buffer }: ModelRequest): ReadReply {
  try {
    return { ok: true, result: prepareModel(parseMeshPositions(kind, new Uint8Array(buffer))) };
  } catch (error) {
    return { ok: false, reason: rejectionOf(error) };
  }
}

/** Whether the file reads as a model, without preparing anything for drawing. */
export function checkModel({ kind, buffer }: ModelRequest): CheckReply {
  try {
    parseMeshPositions(kind, new Uint8Array(buffer));
    return null;
  } catch (error) {
    return rejectionOf(error);
  }
}

/**
 * Anything else that goes wrong while reading (memory running out on a huge file, a reader that
 * cannot read this kind) leaves the file unread, which is what the person is told.
 */
function rejectionOf(error: unknown): MeshRejection {
  return error instanceof MeshRejectedError ? error.reason : 'unreadable';
}
