import type { FastifyInstance } from 'fastify';
import { Operators } from '../../lib/operators.ts';
import { WindowCounter } from '../../lib/rate-limit.ts';
import { RateLimitRepo } from '../../lib/rate-limit-repo.ts';
import type { EmailVerificationService } from '../email-verification/email-verification-service.ts';
import type { ModuleDeps } from '../module-deps.ts';
import type { UsersService } from '../users/users-service.ts';
import { AuthRepo } from './auth-repo.ts';
import { authRoutes } from './auth-routes.ts';
import { AuthService } from './auth-service.ts';
import { TokenService } from './tokens.ts';

/**
 * Sign-up, sign-in and sessions. The service is returned: app.ts reads sessions with it, and
 * Google sign-in starts sessions through it. Expired sessions are purged at start, then hourly.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: ModuleDeps,
  uses: { users: UsersService; verification: EmailVerificationService },
): { auth: AuthService } {
  const { config } = deps;
  const limits = new RateLimitRepo(deps.db);
  const auth = new AuthService(
    new AuthRepo(deps.db),
    new TokenService(deps.jwtSecret, config.tokenTtlSeconds),
    new WindowCounter(limits, 'sign-in-failures', config.loginLimit.maxFailures, config.loginLimit.windowMs),
    new WindowCounter(limits, 'sign-ups', config.signUpLimit.max, config.signUpLimit.windowMs),
    (userId) => uses.verification.afterSignUp(userId),
    new Operators(config.operators.emails),
  );
  authRoutes(app, auth, uses.users);
  purgeExpiredSessionsHourly(app, deps, auth);
  return { auth };
}

export const SESSION_PURGE_QUEUE = 'expired_sessions_purge';

/** Every sign-in adds a session row; expired ones go at start and then hourly, on one instance. */
function purgeExpiredSessionsHourly(app: FastifyInstance, deps: ModuleDeps, auth: AuthService) {
  const { jobs } = deps;
  jobs.work(
    SESSION_PURGE_QUEUE,
    { policy: 'singleton', retryLimit: 2, retryDelay: 60, retryBackoff: true },
    async () => {
      await auth.purgeExpiredSessions();
    },
  );
  jobs.schedule(SESSION_PURGE_QUEUE, '5 * * * *');
  app.addHook('onReady', async () => {
    await jobs.send(SESSION_PURGE_QUEUE, null, { singletonKey: 'start' });
  });
}
