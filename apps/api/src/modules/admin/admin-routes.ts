import { OPERATORS_ONLY } from '@printmarket/shared/admin';
import type { FastifyInstance } from 'fastify';
import { mayOperate } from '../../lib/access-policy.ts';
import { signInRequired } from '../../lib/auth-context.ts';
import { forbidden } from '../../lib/errors.ts';
import type { AdminService } from './admin-service.ts';

/**
 * The operators' calls (docs/api.md), all under /api/admin: in their own scope, whose first hook
 * answers 401 to visitors and 403 to everyone who is not an operator, before any route runs.
 */
export async function adminRoutes(app: FastifyInstance, admin: AdminService) {
  await app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      const decision = mayOperate(await request.viewer());
      if (!decision.allowed)
        throw decision.reason === 'sign-in'
          ? signInRequired(request)
          : forbidden(OPERATORS_ONLY, 'NOT_OPERATOR');
    });
    scope.get('/api/admin/reports', async (request) => admin.reports(request.query));
    scope.post<{ Params: { id: string } }>('/api/admin/reports/:id/resolve', async (request) =>
      admin.resolve(await request.requireViewer(), request.params.id, request.body),
    );
    scope.get('/api/admin/audit', async (request) => admin.audit(request.query));
  });
}
