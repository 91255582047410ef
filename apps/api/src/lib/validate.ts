import { firstIssueMessage } from '@printmarket/shared/validate';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

/** Parses untrusted input; a failure becomes a 400 with the first problem as its message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(firstIssueMessage(result.error), 'VALIDATION_FAILED');
  return result.data;
}
