import type { FastifyInstance } from 'fastify';
import type { AccountExportService } from './account-export-service.ts';

/** `GET /api/user/export` (docs/api.md): the signed-in person's data as a JSON file. */
export function accountExportRoutes(app: FastifyInstance, exports: AccountExportService) {
  app.get('/api/user/export', async (request, reply) => {
    const viewer = await request.requireViewer();
    const data = await exports.export(viewer);
    const day = data.exportedAt.slice(0, 10);
    // A download, never kept by a cache: it holds the person's address and purchases.
    reply.header('cache-control', 'no-store');
    reply.header('content-disposition', `attachment; filename="printmarket-${viewer.username}-${day}.json"`);
    return data;
  });
}
