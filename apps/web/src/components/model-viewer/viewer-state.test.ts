import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LOADING,
  nextViewerState,
  type ViewerEvent,
  type ViewerFailure,
  type ViewerState,
} from './viewer-state.ts';

const offline: ViewerFailure = {
  kind: 'fetch',
  message: 'Error fetching STL: Failed to fetch',
  detail: null,
};

/** The states after each event, from the first state. */
function run(events: ViewerEvent[], from: ViewerState = LOADING): ViewerState[] {
  const states: ViewerState[] = [];
  let state = from;
  for (const event of events) {
    state = nextViewerState(state, event);
    states.push(state);
  }
  return states;
}

describe('nextViewerState', () => {
  it('shows the preview, then the full model loading in a corner, then the full model', () => {
    expect(
      run([
        { type: 'start' },
        { type: 'drawn', showing: 'preview' },
        { type: 'full-start' },
        { type: 'progress', percent: 0 },
        { type: 'progress', percent: 42 },
        { type: 'drawn', showing: 'full' },
      ]),
    ).toEqual([
      { phase: 'loading', percent: null },
      { phase: 'shown', showing: 'preview', full: null },
      { phase: 'shown', showing: 'preview', full: { status: 'loading', percent: null } },
      { phase: 'shown', showing: 'preview', full: { status: 'loading', percent: 0 } },
      { phase: 'shown', showing: 'preview', full: { status: 'loading', percent: 42 } },
      { phase: 'shown', showing: 'full', full: null },
    ]);
  });

  it('without a preview, shows the download in the loading overlay, then the full model', () => {
    expect(
      run([
        { type: 'start' },
        { type: 'full-start' },
        { type: 'progress', percent: 10 },
        { type: 'drawn', showing: 'full' },
      ]),
    ).toEqual([
      { phase: 'loading', percent: null },
      { phase: 'loading', percent: null },
      { phase: 'loading', percent: 10 },
      { phase: 'shown', showing: 'full', full: null },
    ]);
  });

  it('keeps the preview when the full model fails, and loads it again on "Try again"', () => {
    const shown = run([{ type: 'drawn', showing: 'preview' }, { type: 'full-start' }]).at(-1)!;
    expect(
      run(
        [{ type: 'failed', failure: offline }, { type: 'full-start' }, { type: 'drawn', showing: 'full' }],
        shown,
      ),
    ).toEqual([
      { phase: 'shown', showing: 'preview', full: { status: 'failed', failure: offline } },
      { phase: 'shown', showing: 'preview', full: { status: 'loading', percent: null } },
      { phase: 'shown', showing: 'full', full: null },
    ]);
  });

  it('shows a failure with nothing on screen as the error, until the next start', () => {
    expect(
      run([{ type: 'progress', percent: 50 }, { type: 'failed', failure: offline }, { type: 'start' }]),
    ).toEqual([{ phase: 'loading', percent: 50 }, { phase: 'error', failure: offline }, LOADING]);
  });

  it('changes nothing, not even the object, for events that change nothing on screen', () => {
    const loading: ViewerState = { phase: 'loading', percent: 5 };
    expect(nextViewerState(loading, { type: 'progress', percent: 5 })).toBe(loading);
    const preview: ViewerState = {
      phase: 'shown',
      showing: 'preview',
      full: { status: 'loading', percent: 7 },
    };
    expect(nextViewerState(preview, { type: 'progress', percent: 7 })).toBe(preview);
    // The preview alone, nothing more coming: progress means nothing.
    const alone: ViewerState = { phase: 'shown', showing: 'preview', full: null };
    expect(nextViewerState(alone, { type: 'progress', percent: 7 })).toBe(alone);
    expect(nextViewerState(LOADING, { type: 'start' })).toBe(LOADING);
  });

  it('keeps a model on screen once drawn, and the full model once it replaced the preview', () => {
    // Any order of events short of a new start (another model, or a retry after an error).
    const event = fc.oneof(
      fc.constant<ViewerEvent>({ type: 'full-start' }),
      fc.integer({ min: 0, max: 100 }).map<ViewerEvent>((percent) => ({ type: 'progress', percent })),
      fc.constantFrom<ViewerEvent>({ type: 'drawn', showing: 'preview' }, { type: 'drawn', showing: 'full' }),
      fc.constant<ViewerEvent>({ type: 'failed', failure: offline }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let shown = false;
        let full = false;
        for (const state of run(events)) {
          if (shown) expect(state.phase).toBe('shown');
          if (full) expect(state).toEqual({ phase: 'shown', showing: 'full', full: null });
          shown ||= state.phase === 'shown';
          full ||= state.phase === 'shown' && state.showing === 'full';
        }
      }),
    );
  });
});
