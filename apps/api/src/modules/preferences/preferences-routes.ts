import type { FastifyInstance } from 'fastify';
import type { PreferencesService } from './preferences-service.ts';

/** Settings > Preferences (docs/api.md). */
export function preferencesRoutes(app: FastifyInstance, preferences: PreferencesService) {
  app.get('/api/user/preferences', async (request) => preferences.get(await request.requireViewer()));

  app.put('/api/user/preferences', async (request) =>
    preferences.update(await request.requireViewer(), request.body),
  );
}
