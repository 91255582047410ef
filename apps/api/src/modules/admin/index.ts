import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { AdminRepo } from './admin-repo.ts';
import { adminRoutes } from './admin-routes.ts';
import { AdminService } from './admin-service.ts';

/** The operators' console: the reports queue and the audit log (operators: ADMIN_EMAILS). */
export async function registerAdmin(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await adminRoutes(app, new AdminService(new AdminRepo(deps.db)));
}
