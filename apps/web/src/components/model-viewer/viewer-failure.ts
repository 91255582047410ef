import { MeshRejectedError } from '@printmarket/mesh/mesh-errors';
import { fetchErrorText, VIEWER_MSG } from './viewer-messages.ts';
import type { ViewerFailure } from './viewer-state.ts';
import { WebGLUnavailableError } from './webgl-error.ts';

/** A download that failed: 'Error fetching STL: {why}'. Trying again may help. */
export function fetchFailure(error: unknown): ViewerFailure {
  const reason = error instanceof Error && error.message ? error.message : 'Unknown error';
  return { kind: 'fetch', message: fetchErrorText(reason), detail: null };
}

/**
 * Reading and WebGL failures all read 'Failed to render 3D model'; known causes (a file the
 * reader refuses, no WebGL) add a line saying so. Trying again would not help.
 */
export function renderFailure(error: unknown): ViewerFailure {
  const explained = error instanceof MeshRejectedError || error instanceof WebGLUnavailableError;
  return { kind: 'render', message: VIEWER_MSG.failedRender, detail: explained ? error.message : null };
}
