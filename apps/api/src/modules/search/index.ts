import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { SearchRepo } from './search-repo.ts';
import { searchRoutes } from './search-routes.ts';
import { SearchService } from './search-service.ts';

/** Searching the catalogue. */
export function registerSearch(app: FastifyInstance, deps: ModuleDeps): void {
  searchRoutes(app, new SearchService(new SearchRepo(deps.db)));
}
