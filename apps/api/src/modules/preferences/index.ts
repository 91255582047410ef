import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { PreferencesRepo } from './preferences-repo.ts';
import { preferencesRoutes } from './preferences-routes.ts';
import { PreferencesService } from './preferences-service.ts';

/** Settings > Preferences. The service is returned: the account export includes them. */
export function registerPreferences(
  app: FastifyInstance,
  deps: ModuleDeps,
): { preferences: PreferencesService } {
  const preferences = new PreferencesService(new PreferencesRepo(deps.db));
  preferencesRoutes(app, preferences);
  return { preferences };
}
