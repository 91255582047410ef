import { AppError } from '../errors.ts';

/**
 * Most triangles an STL file may have. 20 million is far beyond any printable design (a detailed
 * figurine has a few million) and bounds the time and memory one upload can take.
 */
export const MAX_STL_TRIANGLES = 20_000_000;

export type StlRejection =
  | 'empty'
  | 'not-stl'
  | 'size-mismatch'
  | 'no-triangles'
  | 'invalid-coordinates'
  | 'unreadable'
  | 'too-many-triangles';

/** What the person who uploaded the file reads. */
export const STL_MESSAGES: Record<StlRejection, string> = {
  empty: 'This STL file is empty.',
  'not-stl': 'This file is not an STL file (neither binary nor ASCII STL).',
  'size-mismatch': 'This STL file is truncated or damaged: its size does not match its triangle count.',
  'no-triangles': 'This STL file has no triangles.',
  'invalid-coordinates': 'This STL file contains invalid coordinates.',
  unreadable: 'This STL file could not be read.',
  'too-many-triangles': `This STL file has more than ${MAX_STL_TRIANGLES.toLocaleString('en-US')} triangles.`,
};

const REJECTION_STATUS: Record<StlRejection, { status: number; code: string }> = {
  empty: { status: 400, code: 'STL_EMPTY' },
  'not-stl': { status: 415, code: 'STL_NOT_STL' },
  'size-mismatch': { status: 400, code: 'STL_SIZE_MISMATCH' },
  'no-triangles': { status: 400, code: 'STL_NO_TRIANGLES' },
  'invalid-coordinates': { status: 400, code: 'STL_INVALID_COORDINATES' },
  unreadable: { status: 400, code: 'STL_UNREADABLE' },
  'too-many-triangles': { status: 413, code: 'STL_TOO_MANY_TRIANGLES' },
};

/** An upload that is not an STL file we accept; `message` is meant for the person who uploaded it. */
export class StlRejectedError extends AppError {
  constructor(readonly reason: StlRejection) {
    super(REJECTION_STATUS[reason].status, REJECTION_STATUS[reason].code, STL_MESSAGES[reason]);
    this.name = 'StlRejectedError';
  }
}
