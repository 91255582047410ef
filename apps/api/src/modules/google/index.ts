import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/auth-service.ts';
import type { ModuleDeps } from '../module-deps.ts';
import type { UsersService } from '../users/users-service.ts';
import { GoogleOidcClient } from './google-client.ts';
import { GoogleRepo } from './google-repo.ts';
import { googleRoutes } from './google-routes.ts';
import { GoogleSignInService } from './google-service.ts';

/** Sign-in with Google; without its configuration the routes answer that it is off. */
export function registerGoogle(
  app: FastifyInstance,
  deps: ModuleDeps,
  uses: { auth: AuthService; users: UsersService },
): void {
  const { config } = deps;
  const google =
    config.google &&
    new GoogleSignInService(
      new GoogleOidcClient(config.google, config.publicUrl),
      new GoogleRepo(deps.db),
      uses.auth,
    );
  googleRoutes(app, google, uses.users, { secureCookie: config.publicUrl.startsWith('https:') });
}
