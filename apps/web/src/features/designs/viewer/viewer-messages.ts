/**
 * The viewer's texts, verbatim (docs/product.md#design-page and the viewer's lines of
 * docs/product.md#design-messages).
 */
export const VIEWER_MSG = {
  loading: 'Loading 3D model...',
  failedRender: 'Failed to render 3D model',
  failedSignedUrl: 'Failed to fetch signed URL',
} as const;

/** How a failed download is shown: 'Error fetching STL: {message}'. */
export function fetchErrorText(message: string): string {
  return `Error fetching STL: ${message}`;
}
