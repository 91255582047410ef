/**
 * The viewer's texts, verbatim from the specification (section 2 "Design page" and section 8
 * "Viewer").
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
