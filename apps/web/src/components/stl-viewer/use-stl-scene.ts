import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { parseStlInWorker } from './parse-in-worker.ts';
import { StlParseError } from './parse-stl.ts';
import type { ViewerScene } from './scene.ts';
import {
  type LoadProgress,
  loadStlBytes,
  progressPercent,
  type StlSource,
  sameSource,
} from './stl-source.ts';
import { fetchErrorText, VIEWER_MSG } from './viewer-messages.ts';
import { WebGLUnavailableError } from './webgl-error.ts';

/** A failure as reported to `onError`: which step failed, and the text the viewer shows. */
export type StlViewerError = { kind: 'fetch' | 'render'; message: string };

export type StlSceneState =
  | { phase: 'loading'; percent: number | null }
  | { phase: 'ready' }
  | ({ phase: 'error'; detail: string | null } & StlViewerError);

/**
 * The three.js scene module. A dynamic import, so the bundler puts three.js in a chunk of its own
 * that is fetched only when a viewer is shown (or preloaded, e.g. when a "Show in 3D" toggle is
 * hovered).
 */
export const loadSceneModule = () => import('./scene.ts');

const LOADING: StlSceneState = { phase: 'loading', percent: null };

/**
 * Loads `source`, parses it in a worker while the three.js chunk downloads in parallel, and mounts
 * the scene into `stageRef`. Changing to another file, or unmounting, cancels whatever is under
 * way (download, worker) and frees the previous scene at once.
 */
export function useStlScene(
  source: StlSource,
  options: { label: string; describedBy: string; onError?: (error: StlViewerError) => void },
) {
  const stageRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<ViewerScene | null>(null);
  const [state, setState] = useState<StlSceneState>(LOADING);

  // The request the effect runs for. Replaced only when the file itself changes, so a page may
  // build `source` anew on each render; "Try again" replaces it with an equal copy to rerun.
  const [request, setRequest] = useState(source);
  if (request !== source && !sameSource(request, source)) {
    setRequest(source);
    setState(LOADING); // not a moment of "ready" without a model while the next file starts
  }

  const sceneOptions = useEffectEvent(() => ({ label: options.label, describedBy: options.describedBy }));
  const reportError = useEffectEvent((error: StlViewerError) => options.onError?.(error));

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const controller = new AbortController();
    const { signal } = controller;
    let scene: ViewerScene | null = null;
    setState(LOADING);

    const sceneModule = loadSceneModule();
    // Handled below if we get that far; a failed download must not also leave an unhandled rejection.
    sceneModule.catch(() => undefined);

    const fail = (failure: StlSceneState & { phase: 'error' }) => {
      if (signal.aborted) return;
      setState(failure);
      reportError({ kind: failure.kind, message: failure.message });
    };
    const onProgress = (progress: LoadProgress) => {
      const percent = progressPercent(progress);
      setState((previous) =>
        previous.phase === 'loading' && previous.percent === percent
          ? previous
          : { phase: 'loading', percent },
      );
    };

    void (async () => {
      let bytes: ArrayBuffer;
      try {
        bytes = await loadStlBytes(request, { signal, onProgress });
      } catch (error) {
        fail(fetchFailure(error));
        return;
      }
      try {
        const [parsed, { createViewerScene }] = await Promise.all([
          parseStlInWorker(bytes, signal),
          sceneModule,
        ]);
        if (signal.aborted) return;
        const created = await createViewerScene(stage, parsed, sceneOptions());
        if (signal.aborted) {
          // Closed or switched to another file while the shaders compiled.
          created.dispose();
          return;
        }
        scene = created;
        sceneRef.current = scene;
        setState({ phase: 'ready' });
      } catch (error) {
        fail(renderFailure(error));
      }
    })();

    return () => {
      controller.abort();
      scene?.dispose();
      sceneRef.current = null;
    };
  }, [request]);

  const reset = useCallback(() => sceneRef.current?.reset(), []);
  const retry = useCallback(() => setRequest((current) => ({ ...current })), []);
  return { stageRef, state, reset, retry };
}

function fetchFailure(error: unknown): StlSceneState & { phase: 'error' } {
  const reason = error instanceof Error && error.message ? error.message : 'Unknown error';
  return { phase: 'error', kind: 'fetch', message: fetchErrorText(reason), detail: null };
}

/** Parse and WebGL failures all read 'Failed to render 3D model'; known causes add a line. */
function renderFailure(error: unknown): StlSceneState & { phase: 'error' } {
  const explained = error instanceof StlParseError || error instanceof WebGLUnavailableError;
  return {
    phase: 'error',
    kind: 'render',
    message: VIEWER_MSG.failedRender,
    detail: explained ? error.message : null,
  };
}
