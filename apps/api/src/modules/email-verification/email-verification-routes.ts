import { verifyEmailSchema } from '@printmarket/shared/email-verification';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validate.ts';
import type { EmailVerificationService } from './email-verification-service.ts';

/** `POST /api/auth/verify-email` and `POST /api/auth/resend-verification` (docs/api.md). */
export function emailVerificationRoutes(app: FastifyInstance, verification: EmailVerificationService) {
  // No sign-in: the link may be opened in another browser than the one signed in.
  app.post('/api/auth/verify-email', async (request) => {
    const { token } = parseInput(verifyEmailSchema, request.body);
    return verification.verify(token, request.ip);
  });

  app.post('/api/auth/resend-verification', async (request) =>
    verification.resend(await request.requireViewer()),
  );
}
