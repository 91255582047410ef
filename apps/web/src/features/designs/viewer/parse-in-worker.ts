import type { ModelData } from './mesh-data.ts';
import { StlParseError } from './parse-stl.ts';
import type { StlWorkerReply } from './stl-worker-protocol.ts';

/**
 * Parses STL bytes in a fresh Web Worker. The buffer is transferred (the caller's copy becomes
 * empty) and the positions and normals come back the same way, so a large model is never copied. The worker
 * is ended after one file, or as soon as `signal` aborts (the viewer closed or changed file).
 */
export function parseStlInWorker(buffer: ArrayBuffer, signal: AbortSignal): Promise<ModelData> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    // Vite recognises this exact form and bundles the worker and the parser as their own file.
    const worker = new Worker(new URL('./stl-parse.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<StlWorkerReply>) => {
      finish();
      if (event.data.ok) resolve(event.data.result);
      else reject(new StlParseError(event.data.message));
    };
    worker.onerror = (event) => {
      // The worker script itself failed (e.g. its file could not be loaded after a deployment).
      event.preventDefault();
      finish();
      reject(new Error('The 3D model could not be prepared.'));
    };
    worker.postMessage(buffer, [buffer]);
  });
}
