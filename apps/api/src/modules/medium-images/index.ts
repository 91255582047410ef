import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { MediumImagesRepo } from './medium-images-repo.ts';
import { MediumImageBackfill, MediumImageJobs } from './medium-images-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The backfill of medium-size pictures; server.ts queues it at every start. */
    mediumImages: MediumImageJobs;
  }
}

/**
 * The backfill that gives photos and banners stored before the medium size existed their medium,
 * as background jobs on any instance. No routes: uploads make the medium themselves.
 */
export function registerMediumImages(app: FastifyInstance, deps: ModuleDeps): void {
  const repo = new MediumImagesRepo(deps.db);
  const jobs = new MediumImageJobs(deps.jobs, repo, app.log);
  void jobs.workWith(new MediumImageBackfill(repo, deps.files, deps.leases, app.log));
  app.decorate('mediumImages', jobs);
}
