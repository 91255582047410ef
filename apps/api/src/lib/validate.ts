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

/**
 * PostgreSQL cannot store U+0000 in text: a NUL anywhere in the input is refused up front with a
 * clear 400 rather than failing deep in a query.
 */
export const nulCharacter = () =>
  badRequest('The request contains a NUL character, which is not allowed.', 'NUL_CHARACTER');

/** Whether a string, or any key or string at any depth of an object or array, holds a NUL. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  }
  return false;
}
