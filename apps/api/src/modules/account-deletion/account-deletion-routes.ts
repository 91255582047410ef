import type { FastifyInstance } from 'fastify';
import type { AccountDeletionService } from './account-deletion-service.ts';

/** `DELETE /api/user/account` (docs/api.md). */
export function accountDeletionRoutes(app: FastifyInstance, deletion: AccountDeletionService) {
  app.delete('/api/user/account', async (request) =>
    deletion.deleteAccount(await request.requireViewer(), request.body, request.ip),
  );
}
