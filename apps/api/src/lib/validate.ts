import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@printmarket/shared/constants';
import { firstIssueMessage } from '@printmarket/shared/validate';
import { z } from 'zod';
import { badRequest } from './errors.ts';

/** Parses untrusted input; a failure becomes a 400 with the first problem as its message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(firstIssueMessage(result.error), 'VALIDATION_FAILED');
  return result.data;
}

/**
 * `page` and `limit` of a paged listing. Pages past 10 000 are refused rather than asking the
 * database to skip millions of rows; a larger `limit` is cut to PAGE_SIZE_MAX.
 */
export const pagingQuery = z.object({
  page: z.coerce
    .number('page must be a number.')
    .int('page must be a whole number.')
    .min(1, 'page must be 1 or more.')
    .max(10_000, 'page must be at most 10000.')
    .default(1),
  limit: z.coerce
    .number('limit must be a number.')
    .int('limit must be a whole number.')
    .min(1, 'limit must be 1 or more.')
    .default(PAGE_SIZE_DEFAULT)
    .transform((n) => Math.min(n, PAGE_SIZE_MAX)),
});
