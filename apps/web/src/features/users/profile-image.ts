/** The API refuses profile pictures above this size (apps/api users service); say so before uploading. */
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Checks a chosen profile picture before it is uploaded (spec section 5: images only). Returns the
 * problem to show, or null when the file may be sent. The server checks the content again.
 */
export function profileImageProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file (for example PNG, JPEG or WebP).';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'Please choose an image smaller than 10 MB.';
  return null;
}
