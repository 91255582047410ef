import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import type { PreferencesService } from '../preferences/preferences-service.ts';
import { AccountExportRepo } from './account-export-repo.ts';
import { accountExportRoutes } from './account-export-routes.ts';
import { AccountExportService } from './account-export-service.ts';

/** Settings > Your data: a copy of everything kept about the signed-in person. */
export function registerAccountExport(
  app: FastifyInstance,
  deps: ModuleDeps,
  uses: { preferences: PreferencesService },
): void {
  accountExportRoutes(app, new AccountExportService(new AccountExportRepo(deps.db), uses.preferences));
}
