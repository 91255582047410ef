import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { FollowRepo } from './follow-repo.ts';
import { followRoutes } from './follow-routes.ts';
import { FollowService } from './follow-service.ts';
import { ProfileRepo } from './profile-repo.ts';
import { profileRoutes } from './profile-routes.ts';
import { ProfileService } from './profile-service.ts';

/** Public profiles and follows; app.ts wires them with one line. */
export function socialRoutes(app: FastifyInstance, deps: { db: Database }): void {
  profileRoutes(app, new ProfileService(new ProfileRepo(deps.db)));
  followRoutes(app, new FollowService(new FollowRepo(deps.db)));
}
