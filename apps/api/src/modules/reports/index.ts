import type { FastifyInstance } from 'fastify';
import { WindowCounter } from '../../lib/rate-limit.ts';
import { RateLimitRepo } from '../../lib/rate-limit-repo.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { ReportsRepo } from './reports-repo.ts';
import { reportsRoutes } from './reports-routes.ts';
import { ReportsService } from './reports-service.ts';

/** Members' reports to the operators; REPORTS_MAX_PER_HOUR per person. */
export function registerReports(app: FastifyInstance, deps: ModuleDeps): void {
  const perHour = new WindowCounter(
    new RateLimitRepo(deps.db),
    'reports',
    deps.config.reports.maxPerHour,
    3_600_000,
  );
  reportsRoutes(app, new ReportsService(new ReportsRepo(deps.db), perHour));
}
