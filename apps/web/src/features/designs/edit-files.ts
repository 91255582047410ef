import { MODEL_EXTENSIONS, PHOTO_EXTENSIONS } from '@printmarket/shared/uploads';

/**
 * Which picked files the edit screen keeps (docs/product.md#uploads, as in the upload wizard): models by
 * a name ending .stl, .3mf or .obj; photos ending .png, .jpg, .jpeg, .gif or .bmp. Anything else is dropped.
 */
export type PickedKind = 'stl' | 'image';

export function pickedKind(name: string): PickedKind | null {
  const lower = name.toLowerCase();
  if (MODEL_EXTENSIONS.some((ext) => lower.endsWith(ext))) return 'stl';
  if (PHOTO_EXTENSIONS.some((ext) => lower.endsWith(ext))) return 'image';
  return null;
}

/** Keeps the files of `kind` from a selection; the rest are dropped. */
export function filterPicked<T extends { name: string }>(files: Iterable<T>, kind: PickedKind): T[] {
  return [...files].filter((file) => pickedKind(file.name) === kind);
}

/** The `accept` attribute for a file input of `kind`. */
export function acceptFor(kind: PickedKind): string {
  return (kind === 'stl' ? MODEL_EXTENSIONS : PHOTO_EXTENSIONS).join(',');
}
