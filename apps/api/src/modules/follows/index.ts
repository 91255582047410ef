import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { FollowRepo } from './follows-repo.ts';
import { followRoutes } from './follows-routes.ts';
import { FollowService } from './follows-service.ts';

/** Following people. */
export function registerFollows(app: FastifyInstance, deps: ModuleDeps): void {
  followRoutes(app, new FollowService(new FollowRepo(deps.db)));
}
