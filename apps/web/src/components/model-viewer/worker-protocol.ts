import type { MeshRejection, ModelKind } from '@printmarket/mesh/mesh-errors';
import type { ModelData } from './mesh-data.ts';

/** What both model workers are sent, once: the file's bytes (transferred) and its kind. */
export type ModelRequest = { kind: ModelKind; buffer: ArrayBuffer };

/**
 * The reading worker's answer: the model ready to draw (its arrays travel as transferred buffers,
 * not copies), or why the file was refused. The reason, not the sentence, crosses over, so the page
 * throws the package's own MeshRejectedError with its own message.
 */
export type ReadReply = { ok: true; result: ModelData } | { ok: false; reason: MeshRejection };

/** The checking worker's answer: null for a model we accept, else why it is refused. */
export type CheckReply = MeshRejection | null;
