import { CATEGORIES, TAG_MAX_LENGTH } from '@printmarket/shared/constants';
import { PRICE_FILTERS, SEARCH_MSG, SEARCH_QUERY_MAX_LENGTH } from '@printmarket/shared/search';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pagingQuery, parseInput } from '../../lib/validate.ts';
import type { SearchService } from './search-service.ts';

/** '' and absent both mean "no filter". */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Category names as written in docs/product.md#limits-and-constants, whatever the case they arrive in. */
const canonicalCategory = (value: unknown) =>
  typeof value === 'string'
    ? (CATEGORIES.find((c) => c.toLowerCase() === value.trim().toLowerCase()) ?? value)
    : value;

const searchQuery = pagingQuery.extend({
  query: z
    .string({
      error: (issue) => (issue.input === undefined ? SEARCH_MSG.queryRequired : 'Send the search text once.'),
    })
    .trim()
    .min(1, SEARCH_MSG.queryRequired)
    .max(SEARCH_QUERY_MAX_LENGTH, SEARCH_MSG.queryTooLong),
  category: z.preprocess(
    (value) => canonicalCategory(blankToUndefined(value)),
    z.enum(CATEGORIES, `category must be one of ${CATEGORIES.join(', ')}.`).optional(),
  ),
  price: z.preprocess(
    (value) => (typeof value === 'string' ? blankToUndefined(value.trim().toLowerCase()) : value),
    z.enum(PRICE_FILTERS, 'price must be free or paid.').optional(),
  ),
  // Tags are stored trimmed and lower-case (packages/shared/src/uploads.ts normaliseTags).
  tag: z.preprocess(
    blankToUndefined,
    z
      .string('Send one tag.')
      .transform((tag) => tag.trim().replace(/\s+/g, ' ').toLowerCase())
      .pipe(z.string().max(TAG_MAX_LENGTH, `A tag has at most ${TAG_MAX_LENGTH} characters.`))
      .optional(),
  ),
});

/**
 * GET /api/designs/search (docs/product.md#search-and-sorting). One segment after /api/designs/, so it hides
 * nobody's /api/designs/{username}/{slug}. Server-Timing tells how long the search itself took.
 */
export function searchRoutes(app: FastifyInstance, search: SearchService): void {
  app.get('/api/designs/search', async (request, reply) => {
    const input = parseInput(searchQuery, request.query);
    const started = performance.now();
    const result = await search.search({
      text: input.query,
      page: input.page,
      limit: input.limit,
      filters: { category: input.category ?? null, price: input.price ?? null, tag: input.tag ?? null },
    });
    reply.header('server-timing', `search;dur=${(performance.now() - started).toFixed(1)}`);
    return result;
  });
}
