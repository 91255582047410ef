import type { FastifyInstance } from 'fastify';
import { operatorRoutes } from '../../lib/operator-scope.ts';
import type { ModerationService } from './moderation-service.ts';

type ById = { Params: { id: string } };

/** Takedowns and suspensions (docs/api.md): the operators' calls, and the owner's reply. */
export async function moderationRoutes(app: FastifyInstance, moderation: ModerationService) {
  app.post<ById>('/api/designs/:id/takedown-reply', async (request, reply) => {
    const answer = await moderation.reply(await request.requireViewer(), request.params.id, request.body);
    return reply.code(201).send(answer);
  });
  await operatorRoutes(app, (scope) => {
    scope.get('/api/admin/designs', async () => moderation.takenDown());
    scope.post<ById>('/api/admin/designs/:id/takedown', async (request) =>
      moderation.takeDown(await request.requireViewer(), request.params.id, request.body),
    );
    scope.post<ById>('/api/admin/designs/:id/restore', async (request) =>
      moderation.restore(await request.requireViewer(), request.params.id, request.body),
    );
    scope.get('/api/admin/users', async (request) => moderation.users(request.query));
    scope.post<ById>('/api/admin/users/:id/suspend', async (request) =>
      moderation.suspend(await request.requireViewer(), request.params.id, request.body),
    );
    scope.post<ById>('/api/admin/users/:id/unsuspend', async (request) =>
      moderation.unsuspend(await request.requireViewer(), request.params.id, request.body),
    );
  });
}
