import type { FastifyInstance } from 'fastify';
import type { DesignLikesService } from './likes-service.ts';

type DesignParams = { Params: { username: string; slug: string } };

/** Liking a design and taking the like back, addressed as on its page: owner and slug. */
export function likesRoutes(app: FastifyInstance, likes: DesignLikesService) {
  app.post<DesignParams>('/api/designs/:username/:slug/like', async (request) =>
    likes.toggle(request.params.username, request.params.slug, await request.viewer()),
  );
}
