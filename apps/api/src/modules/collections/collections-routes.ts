import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { receiveMultipart } from '../../lib/multipart.ts';
import { sendZip } from '../../lib/zip/send-zip.ts';
import type { CollectionZip } from './collection-zip.ts';
import type { CollectionsService } from './collections-service.ts';

/** The most a cover image may weigh, as a photo of a design. */
const coverRule = (config: Config) => ({
  coverImage: { maxBytes: config.uploads.maxPhotoBytes, maxCount: 1 },
});

/**
 * Collections (docs/product.md#calls). `my-collections`, `user` and `create` are static segments, so they
 * win over ids in the router.
 */
export function collectionsRoutes(
  app: FastifyInstance,
  collections: CollectionsService,
  deps: { config: Config; tempDir: string },
) {
  app.get('/api/collections/my-collections', async (request) =>
    collections.mine(await request.requireViewer()),
  );

  app.get<{ Params: { username: string } }>('/api/collections/user/:username', async (request) =>
    collections.ofUsername(request.params.username, await request.viewer()),
  );

  app.post('/api/collections/create', async (request, reply) => {
    const viewer = await request.requireViewer();
    const body = await receiveMultipart(request, deps.tempDir, coverRule(deps.config));
    try {
      return reply.code(201).send(await collections.create(viewer, body));
    } finally {
      await body.cleanup();
    }
  });

  app.get<{ Params: { id: string } }>('/api/collections/:id', async (request) =>
    collections.byId(request.params.id, await request.viewer()),
  );

  app.put<{ Params: { id: string } }>('/api/collections/:id', async (request) =>
    collections.update(await request.requireViewer(), request.params.id, request.body),
  );

  app.delete<{ Params: { id: string } }>('/api/collections/:id', async (request) =>
    collections.delete(await request.requireViewer(), request.params.id),
  );

  app.post<{ Params: { id: string } }>('/api/collections/:id/archive', async (request) =>
    collections.archive(await request.requireViewer(), request.params.id),
  );

  app.post<{ Params: { id: string } }>('/api/collections/:id/unarchive', async (request) =>
    collections.unarchive(await request.requireViewer(), request.params.id),
  );

  app.patch<{ Params: { id: string } }>('/api/collections/:id/add', async (request) =>
    collections.addDesign(await request.requireViewer(), request.params.id, request.body),
  );

  app.patch<{ Params: { id: string } }>('/api/collections/:id/remove', async (request) =>
    collections.removeDesign(await request.requireViewer(), request.params.id, request.body),
  );

  app.patch<{ Params: { id: string } }>('/api/collections/:id/update-cover', async (request) => {
    const viewer = await request.requireViewer();
    const body = await receiveMultipart(request, deps.tempDir, coverRule(deps.config));
    try {
      return await collections.updateCover(viewer, request.params.id, body);
    } finally {
      await body.cleanup();
    }
  });

  app.get<{ Params: { id: string } }>(
    '/api/collections/:id/download-all',
    { exposeHeadRoute: false },
    async (request, reply) =>
      sendCollectionZip(reply, await collections.zip(await request.viewer(), request.params.id)),
  );

  app.get<{ Params: { id: string; designId: string } }>(
    '/api/collections/:id/download-one/:designId',
    { exposeHeadRoute: false },
    async (request, reply) =>
      sendCollectionZip(
        reply,
        await collections.zip(await request.viewer(), request.params.id, request.params.designId),
      ),
  );
}

function sendCollectionZip(reply: FastifyReply, zip: CollectionZip) {
  return sendZip(reply, zip, zip.fileName);
}
