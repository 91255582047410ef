import type { FastifyInstance } from 'fastify';
import { WindowCounter } from '../../lib/rate-limit.ts';
import { RateLimitRepo } from '../../lib/rate-limit-repo.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { PasswordChangeRepo } from './password-change-repo.ts';
import { passwordChangeRoutes } from './password-change-routes.ts';
import { PasswordChangeService } from './password-change-service.ts';

/** Changing one's password while signed in. */
export function registerPasswordChange(app: FastifyInstance, deps: ModuleDeps): void {
  const { maxFailures, windowMs } = deps.config.loginLimit;
  const passwords = new PasswordChangeService(
    new PasswordChangeRepo(deps.db),
    new WindowCounter(new RateLimitRepo(deps.db), 'wrong-current-passwords', maxFailures, windowMs),
  );
  passwordChangeRoutes(app, passwords);
}
