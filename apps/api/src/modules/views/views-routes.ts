import type { FastifyInstance } from 'fastify';
import type { DesignViewsService } from './views-service.ts';

type DesignParams = { Params: { username: string; slug: string } };

/** A view of a design, addressed as on its page: owner and slug. */
export function viewsRoutes(app: FastifyInstance, views: DesignViewsService) {
  app.post<DesignParams>('/api/designs/:username/:slug', async (request) => {
    const agent = request.headers['user-agent'];
    return views.record(request.params.username, request.params.slug, {
      viewer: await request.viewer(),
      ip: request.ip,
      userAgent: typeof agent === 'string' ? agent : '',
    });
  });
}
