import { type ModelKind, modelKindOf } from '@printmarket/shared/uploads';
import { uuid7 } from '../uploads/uuid7.ts';

/** Media types of the model formats (IANA's model/ tree). */
const CONTENT_TYPES: Record<ModelKind, string> = {
  stl: 'model/stl',
  '3mf': 'model/3mf',
  obj: 'model/obj',
};

/**
 * A new storage key for a model file. Model files of every kind live under `stl/` (the folder's
 * name from when STL was the only kind; the leftovers sweep and backups know it), and the key's
 * extension is the kind, so a stored file says what it is without its row.
 */
export function newModelKey(kind: ModelKind): string {
  return `stl/${uuid7()}.${kind}`;
}

/** The kind of a stored model file, from its key (keys made before 3MF and OBJ end in .stl). */
export function modelKindOfKey(key: string): ModelKind {
  return modelKindOf(key) ?? 'stl';
}

export function modelContentType(kind: ModelKind): string {
  return CONTENT_TYPES[kind];
}
