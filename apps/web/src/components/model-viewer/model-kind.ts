import { type ModelKind, modelKindOf } from '@printmarket/shared/uploads';

/**
 * The kind of a model file, named by its extension as the server names it ('Part.3MF' is a 3MF).
 * A name without one of the known extensions is read as STL: every model file was one before 3MF
 * and OBJ were accepted, and reading it so tells its owner plainly when it is not.
 */
export function modelKindOfName(name: string): ModelKind {
  return modelKindOf(name) ?? 'stl';
}
