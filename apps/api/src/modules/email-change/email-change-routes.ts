import { changeEmailSchema } from '@printmarket/shared/email-change';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validate.ts';
import type { EmailChangeService } from './email-change-service.ts';

/** `POST /api/auth/change-email` (docs/api.md). */
export function emailChangeRoutes(app: FastifyInstance, changes: EmailChangeService) {
  app.post('/api/auth/change-email', async (request) => {
    // Signed in first: a visitor learns nothing about what the body should look like.
    const viewer = await request.requireViewer();
    return changes.requestChange(viewer, parseInput(changeEmailSchema, request.body), request.ip);
  });
}
