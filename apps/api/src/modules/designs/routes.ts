import { DESIGN_SORTS, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@printmarket/shared/constants';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/validate.ts';
import type { DesignsService } from './service.ts';

// Pages past 10 000 are refused rather than asking the database to skip millions of rows.
const listQuery = z.object({
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

export function designsRoutes(app: FastifyInstance, designs: DesignsService) {
  for (const sort of DESIGN_SORTS) {
    app.get(`/api/designs/${sort}`, async (request) => {
      const { page, limit } = parseInput(listQuery, request.query);
      return designs.list(sort, page, limit);
    });
  }
}
