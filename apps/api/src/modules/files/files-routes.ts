import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { sendZip } from '../../lib/zip/send-zip.ts';
import type { FileDeliveryService } from './files-service.ts';

type FileParams = { Params: { fileId: string } };

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Design files: signed links for the 3D viewer and for downloads, the bytes behind those links,
 * and the whole design as one ZIP. HEAD is not offered on the streaming routes: a HEAD must not
 * open storage. A download counts when it is handed out (the link, or the ZIP as it starts).
 */
export function fileDeliveryRoutes(app: FastifyInstance, delivery: FileDeliveryService) {
  // Older clients name the parameter {fileName} (docs/product.md#calls); ours is the file's id, looked up,
  // never a path.
  app.get<FileParams>('/api/designs/get-signed-url/:fileId', async (request) =>
    delivery.viewUrl(request.params.fileId, await request.viewer()),
  );

  app.get<FileParams>('/api/designs/download/:fileId', async (request) =>
    delivery.downloadUrl(request.params.fileId, await request.viewer()),
  );

  app.get<FileParams>('/api/files/content/:fileId', { exposeHeadRoute: false }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const answer = await delivery.content({
      fileId: request.params.fileId,
      purpose: text(query.purpose),
      expires: text(query.expires),
      sig: text(query.sig),
      range: text(request.headers.range),
    });
    reply.headers(answer.headers);
    if (answer.status === 416) {
      throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'The requested range is outside the file.');
    }
    return reply.code(answer.status).send(answer.body);
  });

  app.get<{ Params: { designId: string } }>(
    '/api/designs/download-all/:designId',
    { exposeHeadRoute: false },
    async (request, reply) => {
      const zip = await delivery.zip(request.params.designId, await request.viewer());
      return sendZip(reply, zip, zip.fileName);
    },
  );
}
