/** The kinds of model file we accept, named by the file's extension. */
export type ModelKind = 'stl' | '3mf' | 'obj';

/**
 * Most triangles a model may have (after a 3MF's build items are placed). 20 million is far beyond
 * any printable design (a detailed figurine has a few million) and bounds the time and memory one
 * upload can take.
 */
export const MAX_MODEL_TRIANGLES = 20_000_000;

/**
 * Most vertices a model whose faces refer to vertices by number (OBJ) may define: every one is held
 * until the end, 12 bytes each, 120 MB at the limit. A closed mesh has about half as many vertices
 * as triangles, so this goes with MAX_MODEL_TRIANGLES.
 */
export const MAX_MODEL_VERTICES = 10_000_000;

export type MeshRejection =
  | 'empty'
  | 'not-model'
  | 'size-mismatch'
  | 'no-triangles'
  | 'invalid-coordinates'
  | 'unreadable'
  | 'too-many-triangles'
  | 'too-many-vertices'
  | 'bad-index'
  | 'too-large'
  | 'too-deep'
  | 'external-reference';

const LABEL: Record<ModelKind, string> = { stl: 'STL', '3mf': '3MF', obj: 'OBJ' };

/** What the person who uploaded the file reads. */
export function meshRejectionMessage(kind: ModelKind, reason: MeshRejection): string {
  const label = LABEL[kind];
  switch (reason) {
    case 'empty':
      return `This ${label} file is empty.`;
    case 'not-model':
      return NOT_MODEL[kind];
    case 'size-mismatch':
      return `This ${label} file is truncated or damaged: its size does not match its triangle count.`;
    case 'no-triangles':
      return `This ${label} file has no triangles.`;
    case 'invalid-coordinates':
      return `This ${label} file contains invalid coordinates.`;
    case 'unreadable':
      return `This ${label} file could not be read.`;
    case 'too-many-triangles':
      return `This ${label} file has more than ${MAX_MODEL_TRIANGLES.toLocaleString('en-US')} triangles.`;
    case 'too-many-vertices':
      return `This ${label} file has more than ${MAX_MODEL_VERTICES.toLocaleString('en-US')} vertices.`;
    case 'bad-index':
      return `This ${label} file refers to a vertex or object it does not contain.`;
    case 'too-large':
      return `This ${label} file unpacks to more data than we accept.`;
    case 'too-deep':
      return `This ${label} file nests its parts too deeply.`;
    case 'external-reference':
      return `This ${label} file refers to files outside itself.`;
  }
}

const NOT_MODEL: Record<ModelKind, string> = {
  stl: 'This file is not an STL file (neither binary nor ASCII STL).',
  '3mf': 'This file is not a 3MF file (a ZIP package with a 3D model).',
  obj: 'This file is not an OBJ file.',
};

/** A file that is not a model we accept. `message` is meant for the person who uploaded it. */
export class MeshRejectedError extends Error {
  constructor(
    readonly kind: ModelKind,
    readonly reason: MeshRejection,
  ) {
    super(meshRejectionMessage(kind, reason));
    this.name = 'MeshRejectedError';
  }
}
