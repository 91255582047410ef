import { changePasswordSchema } from '@printmarket/shared/password-change';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { WindowCounter } from '../../lib/rate-limit.ts';
import { parseInput } from '../../lib/validate.ts';
import { PasswordChangeRepo } from './password-change-repo.ts';
import { PasswordChangeService } from './password-change-service.ts';

/** `POST /api/auth/change-password` (docs/api.md). app.ts wires it with one line. */
export function passwordChangeRoutes(app: FastifyInstance, deps: { db: Database; config: Config }) {
  const { maxFailures, windowMs } = deps.config.loginLimit;
  const passwords = new PasswordChangeService(
    new PasswordChangeRepo(deps.db),
    new WindowCounter(maxFailures, windowMs),
  );

  app.post('/api/auth/change-password', async (request) => {
    // Signed in first: a visitor learns nothing about what the body should look like.
    const viewer = await request.requireViewer();
    const input = parseInput(changePasswordSchema, request.body);
    return passwords.change(viewer, input, request.ip);
  });
}
