import { MeshRejectedError, type MeshRejection } from '../mesh-errors.ts';

/** The error every part of the 3MF reader throws for a file it refuses. */
export function refusal(reason: MeshRejection): MeshRejectedError {
  return new MeshRejectedError('3mf', reason);
}
