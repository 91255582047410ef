import { DESIGN_SORTS } from '@printmarket/shared/constants';
import type { FastifyInstance } from 'fastify';
import { pagingQuery, parseInput } from '../../lib/validate.ts';
import type { DesignsService } from './designs-service.ts';

export function designsRoutes(app: FastifyInstance, designs: DesignsService) {
  for (const sort of DESIGN_SORTS) {
    app.get(`/api/designs/${sort}`, async (request) => {
      const { page, limit } = parseInput(pagingQuery, request.query);
      return designs.list(sort, page, limit);
    });
  }
}
