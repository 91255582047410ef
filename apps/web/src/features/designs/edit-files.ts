import { priceCents } from '@printmarket/shared/price';
/**
 * Which picked files the edit screen keeps (docs/product.md#uploads, as in the upload wizard): STL files by
 * a name ending .stl; photos ending .png, .jpg, .jpeg, .gif or .bmp. Anything else is dropped.
 */
export const STL_EXTENSIONS = ['.stl'] as const;
export const PHOTO_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.bmp'] as const;

export type PickedKind = 'stl' | 'image';

export function pickedKind(name: string): PickedKind | null {
  const lower = name.toLowerCase();
  if (STL_EXTENSIONS.some((ext) => lower.endsWith(ext))) return 'stl';
  if (PHOTO_EXTENSIONS.some((ext) => lower.endsWith(ext))) return 'image';
  return null;
}

/** Keeps the files of `kind` from a selection; the rest are dropped. */
export function filterPicked<T extends { name: string }>(files: Iterable<T>, kind: PickedKind): T[] {
  return [...files].filter((file) => pickedKind(file.name) === kind);
}

/** The `accept` attribute for a file input of `kind`. */
export function acceptFor(kind: PickedKind): string {
  return (kind === 'stl' ? STL_EXTENSIONS : PHOTO_EXTENSIONS).join(',');
}
