import type { FastifyInstance } from 'fastify';
import type { DesignDetailService } from '../design-detail/design-detail-service.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { DesignEditRepo } from './design-edit-repo.ts';
import { designEditRoutes } from './design-edit-routes.ts';
import { DesignEditService } from './design-edit-service.ts';

/** The owner's edit form of a design; an edit answers with the design as its page shows it. */
export function registerDesignEdit(
  app: FastifyInstance,
  deps: ModuleDeps,
  uses: { details: DesignDetailService },
): void {
  designEditRoutes(app, new DesignEditService(new DesignEditRepo(deps.db), uses.details));
}
