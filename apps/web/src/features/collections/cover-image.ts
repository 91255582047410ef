import { IMAGE_TYPES, IMAGE_TYPES_TEXT } from '@printmarket/shared/constants';

export const COVER_TYPE_PROBLEM = `Please choose a ${IMAGE_TYPES_TEXT} image for the cover.`;

/**
 * Checks a chosen cover before it is uploaded (docs/product.md#validation: image types only). Returns the
 * problem to show, or null. The server reads the content again and refuses anything else.
 */
export function coverImageProblem(file: { type: string }): string | null {
  return (IMAGE_TYPES as readonly string[]).includes(file.type) ? null : COVER_TYPE_PROBLEM;
}
