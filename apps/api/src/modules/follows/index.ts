import type { FastifyInstance } from 'fastify';
import { NotificationJobs } from '../../lib/notification-jobs.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { FollowRepo } from './follows-repo.ts';
import { followRoutes } from './follows-routes.ts';
import { FollowService } from './follows-service.ts';

/** Following people; the creator hears of new followers by mail (module notifications). */
export function registerFollows(app: FastifyInstance, deps: ModuleDeps): void {
  const notifications = new NotificationJobs(deps.jobs);
  followRoutes(
    app,
    new FollowService(new FollowRepo(deps.db), (creatorId) => notifications.followed(creatorId)),
  );
}
