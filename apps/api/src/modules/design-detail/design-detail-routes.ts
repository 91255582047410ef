import type { FastifyInstance } from 'fastify';
import type { DesignDetailService } from './design-detail-service.ts';

/**
 * Reading designs one at a time and per person. Static segments (`by-id`, `username`, …) win over
 * `{username}/{slug}` in the router, so those words cannot be usernames (see docs/api.md).
 */
export function designDetailRoutes(app: FastifyInstance, details: DesignDetailService) {
  app.get<{ Params: { slug: string } }>('/api/designs/by-slug/:slug', async (request) =>
    details.locateBySlug(request.params.slug),
  );

  app.get<{ Params: { id: string } }>('/api/designs/by-id/:id', async (request) =>
    details.byId(request.params.id, await request.viewer()),
  );

  app.get<{ Params: { username: string } }>('/api/designs/username/:username', async (request) =>
    details.cardsOfUsername(request.params.username, request.query),
  );

  // `liked-by` has a hyphen, which no username can have: it never hides anyone's design page.
  app.get<{ Params: { username: string } }>('/api/designs/liked-by/:username', async (request) =>
    details.cardsLikedBy(request.params.username),
  );

  for (const path of ['/api/designs/my-designs', '/api/files/my-designs']) {
    app.get(path, async (request) => details.ownCards(await request.requireViewer()));
  }

  app.get<{ Params: { username: string; slug: string } }>('/api/designs/:username/:slug', async (request) =>
    details.byOwnerAndSlug(request.params.username, request.params.slug, await request.viewer()),
  );
}
