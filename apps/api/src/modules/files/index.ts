import type { FastifyInstance } from 'fastify';
import { FileUrlSigner } from '../../lib/signed-urls.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { FileDeliveryRepo } from './files-repo.ts';
import { fileDeliveryRoutes } from './files-routes.ts';
import { FileDeliveryService } from './files-service.ts';

/** Design files: signed links, their bytes and the design's ZIP. */
export function registerFiles(app: FastifyInstance, deps: ModuleDeps): void {
  const delivery = new FileDeliveryService(
    new FileDeliveryRepo(deps.db),
    deps.files,
    new FileUrlSigner(deps.jwtSecret),
  );
  fileDeliveryRoutes(app, delivery);
}
