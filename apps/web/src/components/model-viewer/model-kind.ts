import type { ModelKind } from '@printmarket/mesh/mesh-errors';

const BY_EXTENSION = new Map<string, ModelKind>([
  ['stl', 'stl'],
  ['3mf', '3mf'],
  ['obj', 'obj'],
]);

/**
 * The kind of a model file, named by its extension as the server names it ('Part.3MF' is a 3MF).
 * A name without one of the known extensions is read as STL: every model file was one before 3MF
 * and OBJ were accepted, and reading it so tells its owner plainly when it is not.
 */
export function modelKindOfName(name: string): ModelKind {
  const dot = name.lastIndexOf('.');
  const extension = dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
  return BY_EXTENSION.get(extension) ?? 'stl';
}
