import type { FastifyInstance } from 'fastify';
import { operatorRoutes } from '../../lib/operator-scope.ts';
import type { AdminService } from './admin-service.ts';

/** The reports queue and the audit log (docs/api.md); operators only (lib/operator-scope.ts). */
export async function adminRoutes(app: FastifyInstance, admin: AdminService) {
  await operatorRoutes(app, (scope) => {
    scope.get('/api/admin/reports', async (request) => admin.reports(request.query));
    scope.post<{ Params: { id: string } }>('/api/admin/reports/:id/resolve', async (request) =>
      admin.resolve(await request.requireViewer(), request.params.id, request.body),
    );
    scope.get('/api/admin/audit', async (request) => admin.audit(request.query));
  });
}
