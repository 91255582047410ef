import { IMAGE_TYPES, IMAGE_TYPES_TEXT, PROFILE_IMAGE_MAX_BYTES } from '@printmarket/shared/constants';

/**
 * Checks a chosen profile picture before it is uploaded (docs/product.md#validation: images only). Returns
 * the problem to show, or null when the file may be sent. The server checks the content again.
 */
export function profileImageProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
    return `Please choose a ${IMAGE_TYPES_TEXT} image.`;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'Please choose an image smaller than 10 MB.';
  return null;
}
