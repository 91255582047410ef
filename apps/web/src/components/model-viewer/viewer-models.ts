import { type ModelSource, sameSource } from './model-source.ts';

/**
 * What a viewer shows: the public preview mesh (a GLB URL), the model file itself for those who
 * may have it, or both: the preview first, then the full model in its place.
 */
export type ViewerModels =
  | { preview: string; full: ModelSource | null }
  | { preview: null; full: ModelSource };

/** The models to show, or null when there is nothing (no preview, and no right to the file). */
export function viewerModels(preview: string | null, full: ModelSource | null): ViewerModels | null {
  if (preview) return { preview, full };
  return full ? { preview: null, full } : null;
}

/**
 * Whether two requests name the same files. Pages often build them anew on every render; the
 * viewer starts over only when a file itself changes.
 */
export function sameModels(a: ViewerModels, b: ViewerModels): boolean {
  if (a.preview !== b.preview) return false;
  if (a.full === null || b.full === null) return a.full === b.full;
  return sameSource(a.full, b.full);
}
