import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { SitemapsRepo } from './sitemaps-repo.ts';
import { sitemapsRoutes } from './sitemaps-routes.ts';
import { SITEMAP_PAGE_SIZE, SitemapsService } from './sitemaps-service.ts';

/**
 * robots.txt and the sitemaps of public designs, profiles and collections. `pageSize`: the most
 * addresses per sitemap page (the protocol's 50 000; tests lower it).
 */
export function registerSitemaps(
  app: FastifyInstance,
  deps: ModuleDeps,
  options: { pageSize?: number } = {},
): void {
  const service = new SitemapsService(
    new SitemapsRepo(deps.db),
    deps.config.publicUrl,
    options.pageSize ?? SITEMAP_PAGE_SIZE,
  );
  sitemapsRoutes(app, service);
}
