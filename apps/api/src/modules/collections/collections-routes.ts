import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { CollectionsRepo } from './collections-repo.ts';
import { CollectionsService } from './collections-service.ts';

/** Reading collections (spec section 7). `my-collections` is a static segment, so it wins over ids. */
export function collectionsRoutes(app: FastifyInstance, deps: { db: Database }) {
  const collections = new CollectionsService(new CollectionsRepo(deps.db));

  app.get('/api/collections/my-collections', async (request) =>
    collections.mine(await request.requireViewer()),
  );

  app.get<{ Params: { username: string } }>('/api/collections/user/:username', async (request) =>
    collections.ofUsername(request.params.username, await request.viewer()),
  );
}
