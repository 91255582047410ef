import { forgotPasswordSchema, resetPasswordSchema } from '@printmarket/shared/password-reset';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validate.ts';
import type { PasswordResetService } from './password-reset-service.ts';

/** `POST /api/auth/forgot-password` and `POST /api/auth/reset-password` (docs/api.md). */
export function passwordResetRoutes(app: FastifyInstance, resets: PasswordResetService) {
  app.post('/api/auth/forgot-password', async (request) => {
    const { email } = parseInput(forgotPasswordSchema, request.body);
    return resets.requestLink(email, request.ip);
  });

  app.post('/api/auth/reset-password', async (request) => {
    const { token, password } = parseInput(resetPasswordSchema, request.body);
    return resets.reset(token, password, request.ip);
  });
}
