import { MeshRejectedError, type MeshRejection } from '@printmarket/mesh/mesh-errors';
import { AppError } from '../errors.ts';

/** How each refusal answers: a file too big to handle is 413, not a model at all 415, else 400. */
const STATUS: Record<MeshRejection, number> = {
  empty: 400,
  'not-model': 415,
  'size-mismatch': 400,
  'no-triangles': 400,
  'invalid-coordinates': 400,
  unreadable: 400,
  'too-many-triangles': 413,
  'too-many-vertices': 413,
  'bad-index': 400,
  'too-large': 413,
  'too-deep': 400,
  'external-reference': 400,
};

const CODE_PREFIX = { stl: 'STL', '3mf': 'THREEMF', obj: 'OBJ' } as const;

/** `STL_SIZE_MISMATCH`, `THREEMF_TOO_DEEP`, `OBJ_BAD_INDEX`...; `STL_NOT_STL` for a file that is none. */
function code(err: MeshRejectedError): string {
  const prefix = CODE_PREFIX[err.kind];
  const reason = err.reason === 'not-model' ? `not-${err.kind === '3mf' ? 'threemf' : err.kind}` : err.reason;
  return `${prefix}_${reason.toUpperCase().replaceAll('-', '_')}`;
}

/** The answer to an upload the mesh reader refused, with the reader's sentence for the person. */
export function modelRejection(err: MeshRejectedError): AppError {
  return new AppError(STATUS[err.reason], code(err), err.message, { cause: err });
}

/** Runs a step of reading a model, turning the reader's refusal into the API's error. */
export function asModelRejection<T>(step: () => T): T {
  try {
    return step();
  } catch (err) {
    throw err instanceof MeshRejectedError ? modelRejection(err) : err;
  }
}
