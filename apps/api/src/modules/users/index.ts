import type { FastifyInstance } from 'fastify';
import { Operators } from '../../lib/operators.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { UsersRepo } from './users-repo.ts';
import { usersRoutes } from './users-routes.ts';
import { UsersService } from './users-service.ts';

/** A person's own profile; the service is returned for sign-in answers, which carry the person. */
export function registerUsers(app: FastifyInstance, deps: ModuleDeps): { users: UsersService } {
  const users = new UsersService(
    new UsersRepo(deps.db),
    deps.files,
    deps.leases,
    new Operators(deps.config.operators.emails),
  );
  usersRoutes(app, users, deps.tempDir);
  return { users };
}
