import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { PreferencesRepo } from './preferences-repo.ts';
import { PreferencesService } from './preferences-service.ts';

/** Settings > Preferences (docs/api.md). app.ts wires it with one line. */
export function preferencesRoutes(app: FastifyInstance, deps: { db: Database }) {
  const preferences = new PreferencesService(new PreferencesRepo(deps.db));

  app.get('/api/user/preferences', async (request) => preferences.get(await request.requireViewer()));

  app.put('/api/user/preferences', async (request) =>
    preferences.update(await request.requireViewer(), request.body),
  );
}
