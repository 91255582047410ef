import type { FastifyInstance } from 'fastify';
import type { FollowService } from './follows-service.ts';

/**
 * Follow calls (docs/product.md#social). The web client sends the token as X-Token; every
 * token header works (lib/auth-context.ts). Changing a follow needs a live session.
 */
export function followRoutes(app: FastifyInstance, follows: FollowService) {
  app.get<{ Params: { userId: string } }>('/api/follow/status/:userId', async (request) =>
    follows.status(await request.viewer(), request.params.userId),
  );

  app.post('/api/follow/follow', async (request) =>
    follows.follow(await request.requireViewer(), request.body),
  );

  app.post('/api/follow/unfollow', async (request) =>
    follows.unfollow(await request.requireViewer(), request.body),
  );
}
