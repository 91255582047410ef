/**
 * What the viewer shows while it loads a model, as a small state machine: nothing yet (the
 * loading overlay), a model on screen (the preview mesh or the full model, with the full model's
 * progress or failure in a corner while the preview stands in), or a failure with nothing to show.
 * The loading itself (use-model-scene.ts) reports what happens; this decides what that means on
 * screen, so the order of events cannot leave the viewer in a state that contradicts itself.
 */

/** Which geometry a drawn frame shows: the public preview mesh, or the model file itself. */
export type Showing = 'preview' | 'full';

/** A failure as reported to `onError`: which step failed, and the text the viewer shows. */
export type ModelViewerError = { kind: 'fetch' | 'render'; message: string };

/** A failure as shown: the error, and a second line when its cause is known. */
export type ViewerFailure = ModelViewerError & { detail: string | null };

/** The full model, while the preview is on screen: being loaded, or failed to. */
export type FullModelStatus =
  | { status: 'loading'; percent: number | null }
  | { status: 'failed'; failure: ViewerFailure };

export type ViewerState =
  | { phase: 'loading'; percent: number | null }
  | { phase: 'shown'; showing: Showing; full: FullModelStatus | null }
  | { phase: 'error'; failure: ViewerFailure };

export type ViewerEvent =
  /** A new model (or a new attempt after a failure): nothing on screen yet. */
  | { type: 'start' }
  /** The full model's download begins (again, after "Try again"). */
  | { type: 'full-start' }
  /** Progress of the full model's download, in whole percent (null when its size is unknown). */
  | { type: 'progress'; percent: number | null }
  /** A frame showing this geometry was drawn. */
  | { type: 'drawn'; showing: Showing }
  /** The step under way failed: the preview when nothing is on screen, else the full model. */
  | { type: 'failed'; failure: ViewerFailure };

export const LOADING: ViewerState = { phase: 'loading', percent: null };

/** The next state. Returns `state` itself when nothing visible changes, so nothing re-renders. */
export function nextViewerState(state: ViewerState, event: ViewerEvent): ViewerState {
  switch (event.type) {
    case 'start':
      return state.phase === 'loading' && state.percent === null ? state : LOADING;
    case 'full-start':
      if (state.phase === 'shown' && state.showing === 'preview') {
        return { ...state, full: { status: 'loading', percent: null } };
      }
      return state;
    case 'progress':
      return withPercent(state, event.percent);
    case 'drawn':
      if (event.showing === 'full') {
        return state.phase === 'shown' && state.showing === 'full'
          ? state
          : { phase: 'shown', showing: 'full', full: null };
      }
      // The preview never replaces the full model, and is drawn before its download starts.
      return state.phase === 'shown' ? state : { phase: 'shown', showing: 'preview', full: null };
    case 'failed':
      if (state.phase === 'loading') return { phase: 'error', failure: event.failure };
      // With the preview on screen, only the full model can fail: the preview stays.
      if (state.phase === 'shown' && state.showing === 'preview') {
        return { ...state, full: { status: 'failed', failure: event.failure } };
      }
      return state;
  }
}

function withPercent(state: ViewerState, percent: number | null): ViewerState {
  if (state.phase === 'loading') return state.percent === percent ? state : { phase: 'loading', percent };
  if (state.phase === 'shown' && state.full?.status === 'loading' && state.full.percent !== percent) {
    return { ...state, full: { status: 'loading', percent } };
  }
  return state;
}
