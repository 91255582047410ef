import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { PreferencesRepo } from './preferences-repo.ts';
import { preferencesRoutes } from './preferences-routes.ts';
import { PreferencesService } from './preferences-service.ts';

/** Settings > Preferences. */
export function registerPreferences(app: FastifyInstance, deps: ModuleDeps): void {
  preferencesRoutes(app, new PreferencesService(new PreferencesRepo(deps.db)));
}
