/**
 * The viewer's texts. The first ones are verbatim (docs/product.md#design-page and the viewer's
 * lines of docs/product.md#design-messages); the others say what the preview mesh adds: the full
 * model loading behind it, or failing to.
 */
export const VIEWER_MSG = {
  loading: 'Loading 3D model...',
  failedRender: 'Failed to render 3D model',
  failedSignedUrl: 'Failed to fetch signed URL',
  loadingFull: 'Loading full model...',
  fullFailed: 'Showing the simplified preview: the full model did not load.',
} as const;

/** How a failed download is shown: 'Error fetching STL: {message}'. */
export function fetchErrorText(message: string): string {
  return `Error fetching STL: ${message}`;
}
