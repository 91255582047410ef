import type { ModelData } from './mesh-data.ts';

/** The parsing worker's answer; the arrays travel as transferred buffers, not copies. */
export type StlWorkerReply = { ok: true; result: ModelData } | { ok: false; message: string };
