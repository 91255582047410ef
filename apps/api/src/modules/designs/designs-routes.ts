import { DESIGN_SORTS } from '@printmarket/shared/constants';
import type { FastifyInstance } from 'fastify';
import { sendSharedJson } from '../../lib/compression.ts';
import { pagingQuery, parseInput } from '../../lib/validate.ts';
import type { DesignsService } from './designs-service.ts';

export function designsRoutes(app: FastifyInstance, designs: DesignsService) {
  for (const sort of DESIGN_SORTS) {
    app.get(`/api/designs/${sort}`, async (request, reply) => {
      const { page, limit } = parseInput(pagingQuery, request.query);
      // Visitors asking for the same page at once share one read (see the service) and so one
      // serialised, compressed answer.
      return sendSharedJson(request, reply, await designs.list(sort, page, limit));
    });
  }
}
