import { useId } from 'react';
import button from '@/app/styles/button.module.css';
import { Icon } from '@/components/ui/Icon.tsx';
import styles from './StlViewer.module.css';
import type { StlSource } from './stl-source.ts';
import { loadSceneModule, type StlSceneState, type StlViewerError, useStlScene } from './use-stl-scene.ts';
import { VIEWER_MSG } from './viewer-messages.ts';

export type { StlSource } from './stl-source.ts';
export type { StlViewerError } from './use-stl-scene.ts';

export type StlViewerProps = {
  /** The STL file to show. A new object naming the same file does not reload it. */
  source: StlSource;
  /**
   * Height of the viewer; the design page uses 500 px (docs/product.md#design-page). The width follows the
   * container.
   */
  height?: number | string;
  /** The model's name (e.g. the file name), for the accessible names of the viewer and canvas. */
  label?: string;
  /** Told about a failure, with the text the viewer shows (e.g. to log it). */
  onError?: (error: StlViewerError) => void;
};

/**
 * An interactive 3D view of an STL file: orbit, zoom and pan with mouse, touch or keyboard, and a
 * "Reset view" button. This component is light; three.js and the scene come in their own chunk,
 * fetched when a viewer is first shown, and the file is parsed in a Web Worker.
 */
export function StlViewer({ source, height = 500, label, onError }: StlViewerProps) {
  const hintId = useId();
  const { stageRef, state, reset, retry } = useStlScene(source, {
    label: label ? `3D model: ${label}` : '3D model',
    describedBy: hintId,
    onError,
  });

  return (
    <section
      className={styles.viewer}
      style={{ height }}
      aria-label={label ? `3D viewer: ${label}` : '3D viewer'}
      aria-busy={state.phase === 'loading'}
    >
      <div ref={stageRef} className={styles.stage} />
      {state.phase === 'loading' && <LoadingOverlay percent={state.percent} />}
      {state.phase === 'error' && <ErrorOverlay failure={state} onRetry={retry} />}
      <div className={styles.toolbar} hidden={state.phase !== 'ready'}>
        <button
          type="button"
          className={`${button.base} ${button.secondary} ${styles.reset}`}
          onClick={reset}
        >
          <ResetIcon />
          Reset view
        </button>
      </div>
      <p id={hintId} className={styles.hint} hidden={state.phase !== 'ready'}>
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
export function preloadStlViewer(): void {
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

function ErrorOverlay({
  failure,
  onRetry,
}: {
  failure: StlSceneState & { phase: 'error' };
  onRetry: () => void;
}) {
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

function ResetIcon() {
  return (
    <Icon size={16}>
      <path d="M3 12a9 9 0 1 0 3-6.7" />
      <path d="M3 4v5h5" />
    </Icon>
  );
}
