import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { DesignLikesRepo } from './likes-repo.ts';
import { likesRoutes } from './likes-routes.ts';
import { DesignLikesService } from './likes-service.ts';

/** Liking designs. */
export function registerLikes(app: FastifyInstance, deps: ModuleDeps): void {
  likesRoutes(app, new DesignLikesService(new DesignLikesRepo(deps.db)));
}
