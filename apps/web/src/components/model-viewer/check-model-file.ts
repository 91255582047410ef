import { meshRejectionMessage } from '@printmarket/mesh/mesh-errors';
import { modelKindOfName } from './model-kind.ts';
import { runWorkerOnce } from './run-worker-once.ts';
import type { CheckReply } from './worker-protocol.ts';

/**
 * Reads a chosen file the way the viewer and the server would (its kind named by its extension),
 * before anything is uploaded: null when it is a model we accept, else the reason it is not
 * ('This STL file is empty.'). Rejects when `signal` aborts or the check itself could not run.
 */
export async function checkModelFile(file: File, signal: AbortSignal): Promise<string | null> {
  const kind = modelKindOfName(file.name);
  const buffer = await file.arrayBuffer();
  const reason = await runWorkerOnce<CheckReply>(
    () => new Worker(new URL('./model-check.worker.ts', import.meta.url), { type: 'module' }),
    { kind, buffer },
    signal,
  );
  return reason === null ? null : meshRejectionMessage(kind, reason);
}
