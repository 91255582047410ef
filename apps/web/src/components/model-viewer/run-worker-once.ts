import type { ModelRequest } from './worker-protocol.ts';

/**
 * Sends `request` to a fresh worker, its buffer transferred (the caller's copy becomes empty), and
 * settles with the worker's one answer. The worker is ended after that answer, or as soon as
 * `signal` aborts. `create` must hold the `new Worker(new URL('./x.worker.ts', import.meta.url),
 * ...)` expression itself: that is the form Vite recognises and bundles.
 */
export function runWorkerOnce<Reply>(
  create: () => Worker,
  request: ModelRequest,
  signal: AbortSignal,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const worker = create();
    const finish = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<Reply>) => {
      finish();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      // The worker script itself failed (e.g. its file could not be loaded after a deployment).
      event.preventDefault();
      finish();
      reject(new Error('The 3D model could not be prepared.'));
    };
    worker.postMessage(request, [request.buffer]);
  });
}
