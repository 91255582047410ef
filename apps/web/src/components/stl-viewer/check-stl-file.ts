import { runWorkerOnce } from './run-worker-once.ts';

/**
 * Reads a chosen file the way the viewer would, before anything is uploaded: null when it is an
 * STL model, else the reason it is not ('The file is not an STL file.'). Rejects when `signal`
 * aborts or the check itself could not run.
 */
export async function checkStlFile(file: File, signal: AbortSignal): Promise<string | null> {
  const buffer = await file.arrayBuffer();
  return runWorkerOnce<string | null>(
    () => new Worker(new URL('./stl-check.worker.ts', import.meta.url), { type: 'module' }),
    buffer,
    signal,
  );
}
