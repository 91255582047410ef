import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { CollectionsRepo } from './collections-repo.ts';
import { collectionsRoutes } from './collections-routes.ts';
import { CollectionsService } from './collections-service.ts';

/** Collections of designs, their covers and their ZIPs. */
export function registerCollections(app: FastifyInstance, deps: ModuleDeps): void {
  collectionsRoutes(app, new CollectionsService(new CollectionsRepo(deps.db), deps.files, deps.leases), {
    config: deps.config,
    tempDir: path.join(deps.tempDir, 'collections'),
  });
}
