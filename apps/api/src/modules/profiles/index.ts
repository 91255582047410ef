import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { ProfileRepo } from './profiles-repo.ts';
import { profileRoutes } from './profiles-routes.ts';
import { ProfileService } from './profiles-service.ts';

/** Public profiles. */
export function registerProfiles(app: FastifyInstance, deps: ModuleDeps): void {
  profileRoutes(app, new ProfileService(new ProfileRepo(deps.db)));
}
