import type { z } from 'zod';

/** The first problem of a failed zod parse, as one message a person can act on. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? 'Invalid input.';
}
