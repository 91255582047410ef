import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { FileUrlSigner } from '../../lib/signed-urls.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { DesignDetailRepo } from './detail-repo.ts';
import { designDetailRoutes } from './detail-routes.ts';
import { DesignDetailService } from './detail-service.ts';
import { DesignEditRepo } from './edit-repo.ts';
import { designEditRoutes } from './edit-routes.ts';
import { DesignEditService } from './edit-service.ts';
import { designEngagementRoutes } from './engagement-routes.ts';
import { FileDeliveryRepo } from './file-delivery-repo.ts';
import { fileDeliveryRoutes } from './file-delivery-routes.ts';
import { FileDeliveryService } from './file-delivery-service.ts';
import { DesignLikesRepo } from './likes-repo.ts';
import { DesignLikesService } from './likes-service.ts';
import { DesignViewsRepo } from './views-repo.ts';
import { DesignViewsService } from './views-service.ts';

export type DesignPageDeps = {
  db: Database;
  files: FileStore;
  /** The app's token secret; file links and visitor keys use keys derived from it. */
  rootSecret: Uint8Array;
};

/**
 * Everything the design page calls: the design itself, views, likes, file links and bytes, the
 * ZIP, and the owner's edit form. app.ts wires it with one line.
 */
export function designPageRoutes(app: FastifyInstance, deps: DesignPageDeps): void {
  const details = new DesignDetailService(new DesignDetailRepo(deps.db));
  const views = new DesignViewsService(new DesignViewsRepo(deps.db), deps.rootSecret, (err) =>
    app.log.error({ err }, 'design view log purge failed'),
  );
  const likes = new DesignLikesService(new DesignLikesRepo(deps.db));
  const delivery = new FileDeliveryService(
    new FileDeliveryRepo(deps.db),
    deps.files,
    new FileUrlSigner(deps.rootSecret),
  );
  designDetailRoutes(app, details);
  designEngagementRoutes(app, views, likes);
  fileDeliveryRoutes(app, delivery);
  designEditRoutes(app, new DesignEditService(new DesignEditRepo(deps.db), details));
}
