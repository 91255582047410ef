import { useCallback, useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import type { ModelData } from './mesh-data.ts';
import {
  fetchBytes,
  type LoadProgress,
  loadBytes,
  type ModelSource,
  progressPercent,
} from './model-source.ts';
import { readModelInWorker } from './read-in-worker.ts';
import type { ViewerScene } from './scene.ts';
import { fetchFailure, renderFailure } from './viewer-failure.ts';
import { sameModels, type ViewerModels } from './viewer-models.ts';
import {
  LOADING,
  type ModelViewerError,
  nextViewerState,
  type Showing,
  type ViewerFailure,
} from './viewer-state.ts';

/**
 * Marked (performance.mark) when a viewer draws its first frame of a model, preview or full: what
 * benchmarks measure "Show in 3D" by.
 */
export const FIRST_FRAME_MARK = 'model-viewer:first-frame';

/**
 * The three.js scene module. A dynamic import, so the bundler puts three.js in a chunk of its own
 * that is fetched only when a viewer is shown (or preloaded, e.g. when a "Show in 3D" toggle is
 * hovered).
 */
export const loadSceneModule = () => import('./scene.ts');

/**
 * Loads the models and mounts the scene into `stageRef`. With a preview, the preview is fetched
 * (while the three.js chunk downloads) and drawn first; then the full model, when given, is
 * downloaded and read in a worker and swapped in. Without one, the full model is shown once read.
 * Changing to other models, or unmounting, cancels whatever is under way (downloads, worker) and
 * frees the previous scene at once.
 */
export function useModelScene(
  models: ViewerModels,
  options: { label: string; describedBy: string; onError?: (error: ModelViewerError) => void },
) {
  const stageRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<ViewerScene | null>(null);
  const retryFullRef = useRef<() => void>(() => undefined);
  const [state, dispatch] = useReducer(nextViewerState, LOADING);

  // The request the effect runs for. Replaced only when the files themselves change, so a page
  // may build `models` anew on each render; "Try again" replaces it with an equal copy to rerun.
  const [request, setRequest] = useState(models);
  if (request !== models && !sameModels(request, models)) {
    setRequest(models);
    dispatch({ type: 'start' }); // not a moment of the previous model's state while the next starts
  }

  const sceneOptions = useEffectEvent(() => ({ label: options.label, describedBy: options.describedBy }));
  const reportError = useEffectEvent((error: ModelViewerError) => options.onError?.(error));

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const controller = new AbortController();
    const { signal } = controller;
    const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    let scene: ViewerScene | null = null;
    let firstFrame = true;
    let previewDrawn: () => void = () => undefined;
    const previewFrame = new Promise<void>((resolve) => {
      previewDrawn = resolve;
    });
    dispatch({ type: 'start' });

    const sceneModule = loadSceneModule();
    // Handled below if we get that far; a failed download must not also leave an unhandled rejection.
    sceneModule.catch(() => undefined);

    const fail = (failure: ViewerFailure) => {
      if (signal.aborted) return;
      dispatch({ type: 'failed', failure });
      reportError({ kind: failure.kind, message: failure.message });
    };
    const onDrawn = (showing: Showing) => {
      if (signal.aborted) return;
      if (firstFrame) {
        firstFrame = false;
        performance.mark(FIRST_FRAME_MARK);
      }
      dispatch({ type: 'drawn', showing });
      if (showing === 'preview') previewDrawn();
    };
    const mount = async (model: ModelData, showing: Showing) => {
      const { createViewerScene } = await sceneModule;
      if (signal.aborted) return;
      const created = await createViewerScene(stage, model, showing, { ...sceneOptions(), onDrawn });
      if (signal.aborted) {
        // Closed or switched to another model while the shaders compiled.
        created.dispose();
        return;
      }
      scene = created;
      sceneRef.current = created;
    };

    /** The preview's triangles, or why they could not be had (its download, or its reading). */
    const readPreview = async (url: string): Promise<{ model: ModelData } | { failure: ViewerFailure }> => {
      let bytes: ArrayBuffer;
      try {
        bytes = await fetchBytes(url, { signal });
      } catch (error) {
        return { failure: fetchFailure(error) };
      }
      try {
        const { readPreviewMesh } = await sceneModule;
        return { model: await readPreviewMesh(bytes) };
      } catch (error) {
        return { failure: renderFailure(error) };
      }
    };

    let fullUnderWay = false;
    const loadFull = async (full: ModelSource) => {
      fullUnderWay = true;
      dispatch({ type: 'full-start' });
      const onProgress = (progress: LoadProgress) =>
        dispatch({ type: 'progress', percent: progressPercent(progress) });
      try {
        let bytes: ArrayBuffer;
        try {
          bytes = await loadBytes(full, { signal, onProgress });
        } catch (error) {
          fail(fetchFailure(error));
          return;
        }
        try {
          // Without a preview on screen, three.js downloads while the worker reads.
          const [model] = await Promise.all([readModelInWorker(full.modelKind, bytes, signal), sceneModule]);
          if (signal.aborted) return;
          if (scene) scene.replaceModel(model, 'full');
          else await mount(model, 'full');
        } catch (error) {
          fail(renderFailure(error));
        }
      } finally {
        fullUnderWay = false;
      }
    };
    // "Try again" after the full model failed behind the preview: the preview stays meanwhile.
    retryFullRef.current = () => {
      if (request.full && scene && !fullUnderWay && !signal.aborted) void loadFull(request.full);
    };

    void (async () => {
      const { preview, full } = request;
      if (preview !== null) {
        const read = await readPreview(preview);
        if (signal.aborted) return;
        if ('model' in read) {
          try {
            await mount(read.model, 'preview');
          } catch (error) {
            // The viewer itself failed (no WebGL): the full model would fail the same way.
            fail(renderFailure(error));
            return;
          }
          // The full model's download waits for the preview's first frame, so the two never
          // compete for the network and the processor before the person sees the model.
          await Promise.race([previewFrame, aborted]);
          if (full && !signal.aborted) await loadFull(full);
          return;
        }
        if (!full) {
          fail(read.failure);
          return;
        }
        // A broken preview is the server's problem; the person still gets the model, as before
        // previews existed.
        console.warn('The preview mesh could not be shown; loading the full model.', read.failure.message);
      }
      if (full) await loadFull(full);
    })();

    return () => {
      controller.abort();
      scene?.dispose();
      sceneRef.current = null;
      retryFullRef.current = () => undefined;
    };
  }, [request]);

  const reset = useCallback(() => sceneRef.current?.reset(), []);
  const retry = useCallback(() => setRequest((current) => ({ ...current })), []);
  const retryFull = useCallback(() => retryFullRef.current(), []);
  return { stageRef, state, reset, retry, retryFull };
}
