import { changePasswordSchema } from '@printmarket/shared/password-change';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validate.ts';
import type { PasswordChangeService } from './password-change-service.ts';

/** `POST /api/auth/change-password` (docs/api.md). */
export function passwordChangeRoutes(app: FastifyInstance, passwords: PasswordChangeService) {
  app.post('/api/auth/change-password', async (request) => {
    // Signed in first: a visitor learns nothing about what the body should look like.
    const viewer = await request.requireViewer();
    const input = parseInput(changePasswordSchema, request.body);
    return passwords.change(viewer, input, request.ip);
  });
}
