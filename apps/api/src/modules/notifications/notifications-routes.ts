import { unsubscribeSchema } from '@printmarket/shared/notifications';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validate.ts';
import type { NotificationsService } from './notifications-service.ts';

/** Notification settings and the unsubscribe link (docs/api.md). */
export async function notificationsRoutes(app: FastifyInstance, notifications: NotificationsService) {
  app.get('/api/user/notifications', async (request) =>
    notifications.settings(await request.requireViewer()),
  );
  app.put('/api/user/notifications', async (request) =>
    notifications.updateSettings(await request.requireViewer(), request.body),
  );
  app.post('/api/notifications/unsubscribe', async (request) =>
    notifications.unsubscribe(parseInput(unsubscribeSchema, request.body).token),
  );
  // One-click unsubscribe (RFC 8058): a mail program POSTs `List-Unsubscribe=One-Click` to the
  // address of the mail's List-Unsubscribe header, which is the unsubscribe page's, token in the
  // query. The form body says nothing more, so it is read as text and not looked at.
  await app.register(async (oneClick) => {
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    oneClick.post('/unsubscribe', async (request) =>
      notifications.unsubscribe(parseInput(unsubscribeSchema, request.query).token),
    );
  });
}
