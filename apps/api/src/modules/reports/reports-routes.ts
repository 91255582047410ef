import type { FastifyInstance } from 'fastify';
import type { ReportsService } from './reports-service.ts';

/** `POST /api/reports` (docs/api.md). */
export function reportsRoutes(app: FastifyInstance, reports: ReportsService) {
  app.post('/api/reports', async (request, reply) => {
    const answer = await reports.report(await request.requireViewer(), request.body);
    return reply.code(201).send(answer);
  });
}
