import { useId } from 'react';
import { Icon } from '@/components/ui/Icon.tsx';
import button from '@/styles/button.module.css';
import styles from './ModelViewer.module.css';
import { loadSceneModule, useModelScene } from './use-model-scene.ts';
import { VIEWER_MSG } from './viewer-messages.ts';
import type { ViewerModels } from './viewer-models.ts';
import type { FullModelStatus, ModelViewerError, ViewerFailure } from './viewer-state.ts';

export type ModelViewerProps = {
  /**
   * What to show (viewerModels): `preview`, the URL of the model's public preview mesh (GLB),
   * and/or `full`, the model file itself, only for those who may have it. New objects naming the
   * same files do not reload them.
   */
  models: ViewerModels;
  /**
   * Height of the viewer; the design page uses 500 px (docs/product.md#design-page). The width follows the
   * container.
   */
  height?: number | string;
  /** The model's name (e.g. the file name), for the accessible names of the viewer and canvas. */
  label?: string;
  /** Told about a failure, with the text the viewer shows (e.g. to log it). */
  onError?: (error: ModelViewerError) => void;
};

/**
 * An interactive 3D view of a model: orbit, zoom and pan with mouse, touch or keyboard, and a
 * "Reset view" button. The preview mesh, when there is one, is drawn first and the full model
 * swapped in once read, with its progress in a corner. This component is light; three.js and the
 * scene come in their own chunk, fetched when a viewer is first shown, and a model file is read in
 * a Web Worker.
 *
 * `data-showing` on the viewer says which geometry has been drawn ('preview' or 'full'), for tests
 * and benchmarks; it is absent until the first frame.
 */
export function ModelViewer({ models, height = 500, label, onError }: ModelViewerProps) {
  const hintId = useId();
  const { stageRef, state, reset, retry, retryFull } = useModelScene(models, {
    label: label ? `3D model: ${label}` : '3D model',
    describedBy: hintId,
    onError,
  });
  const shown = state.phase === 'shown';

  return (
    <section
      className={styles.viewer}
      style={{ height }}
      aria-label={label ? `3D viewer: ${label}` : '3D viewer'}
      aria-busy={state.phase === 'loading'}
      data-showing={shown ? state.showing : undefined}
    >
      <div ref={stageRef} className={styles.stage} />
      {state.phase === 'loading' && <LoadingOverlay percent={state.percent} />}
      {state.phase === 'error' && <ErrorOverlay failure={state.failure} onRetry={retry} />}
      {shown && state.full && <FullModelCorner full={state.full} onRetry={retryFull} />}
      <div className={styles.toolbar} hidden={!shown}>
        <button
          type="button"
          className={`${button.base} ${button.secondary} ${styles.reset}`}
          onClick={reset}
        >
          <ResetIcon />
          Reset view
        </button>
      </div>
      <p id={hintId} className={styles.hint} hidden={!shown}>
        <span className={styles.pointerHint}>Drag to rotate · Scroll to zoom · Right-drag to pan</span>
        <span className={styles.touchHint}>Drag to rotate · Pinch to zoom · Two fingers to pan</span>
        <span className={styles.keyHint}>Shift + arrows rotate · Arrows pan · + and − zoom</span>
      </p>
    </section>
  );
}

/**
 * Starts downloading the 3D chunk ahead of time, e.g. when the pointer rests on "Show in 3D", so
 * the viewer opens sooner. Safe to call any number of times.
 */
export function preloadModelViewer(): void {
  loadSceneModule().catch(() => undefined);
}

function LoadingOverlay({ percent }: { percent: number | null }) {
  return (
    <div className={styles.overlay}>
      <span className={styles.spinner} aria-hidden="true" />
      <p role="status" className={styles.status}>
        {VIEWER_MSG.loading}
      </p>
      {percent !== null && (
        <div className={styles.progressRow}>
          <progress className={styles.progress} max={100} value={percent} aria-label="Download progress" />
          <span className={styles.percent} aria-hidden="true">
            {percent}%
          </span>
        </div>
      )}
    </div>
  );
}

function ErrorOverlay({ failure, onRetry }: { failure: ViewerFailure; onRetry: () => void }) {
  return (
    <div className={styles.overlay}>
      <div role="alert" className={styles.error}>
        <p className={styles.errorTitle}>{failure.message}</p>
        {failure.detail && <p className={styles.errorDetail}>{failure.detail}</p>}
      </div>
      {/* Only a download can go better a second time; a broken file or missing WebGL will not. */}
      {failure.kind === 'fetch' && (
        <button type="button" className={`${button.base} ${button.secondary}`} onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/**
 * The full model behind the preview: a small progress line in a corner while it loads, or, when it
 * failed, why, with "Try again". The preview stays usable all along.
 */
function FullModelCorner({ full, onRetry }: { full: FullModelStatus; onRetry: () => void }) {
  if (full.status === 'loading') {
    return (
      <p role="status" className={styles.corner}>
        <span className={styles.cornerSpinner} aria-hidden="true" />
        {full.percent === null ? VIEWER_MSG.loadingFull : `${VIEWER_MSG.loadingFull} ${full.percent}%`}
      </p>
    );
  }
  const { failure } = full;
  return (
    <div role="alert" className={`${styles.corner} ${styles.cornerFailed}`}>
      <div>
        <p className={styles.cornerTitle}>{VIEWER_MSG.fullFailed}</p>
        <p className={styles.cornerDetail}>{failure.detail ?? failure.message}</p>
      </div>
      {failure.kind === 'fetch' && (
        <button
          type="button"
          className={`${button.base} ${button.secondary} ${styles.cornerRetry}`}
          onClick={onRetry}
        >
          Try again
        </button>
      )}
    </div>
  );
}

function ResetIcon() {
  return (
    <Icon size={16}>
      <path d="M3 12a9 9 0 1 0 3-6.7" />
      <path d="M3 4v5h5" />
    </Icon>
  );
}
