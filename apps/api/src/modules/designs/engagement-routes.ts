import type { FastifyInstance } from 'fastify';
import type { DesignLikesService } from './likes-service.ts';
import type { DesignViewsService } from './views-service.ts';

type DesignParams = { Params: { username: string; slug: string } };

/** Views and likes of a design, addressed as on its page: owner and slug. */
export function designEngagementRoutes(
  app: FastifyInstance,
  views: DesignViewsService,
  likes: DesignLikesService,
) {
  app.post<DesignParams>('/api/designs/:username/:slug', async (request) => {
    const agent = request.headers['user-agent'];
    return views.record(request.params.username, request.params.slug, {
      viewer: await request.viewer(),
      ip: request.ip,
      userAgent: typeof agent === 'string' ? agent : '',
    });
  });

  app.post<DesignParams>('/api/designs/:username/:slug/like', async (request) =>
    likes.toggle(request.params.username, request.params.slug, await request.viewer()),
  );
}
