import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { SearchCache } from './search-cache.ts';
import { SearchRepo } from './search-repo.ts';
import { searchRoutes } from './search-routes.ts';
import { DEFAULT_SEARCH_OPTIONS, SearchService } from './search-service.ts';

/** Searching the catalogue. */
export function registerSearch(app: FastifyInstance, deps: ModuleDeps): void {
  const { cacheMs } = deps.config.search;
  const cache = cacheMs > 0 ? new SearchCache(cacheMs) : null;
  searchRoutes(app, new SearchService(new SearchRepo(deps.db), DEFAULT_SEARCH_OPTIONS, cache));
}
