import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { attachmentDisposition } from '../../lib/zip/download-names.ts';
import type { FileDeliveryService } from './file-delivery-service.ts';

type FileParams = { Params: { fileId: string } };

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Design files: signed links for the 3D viewer and for downloads, the bytes behind those links,
 * and the whole design as one ZIP. HEAD is not offered on the streaming routes: a HEAD must not
 * open storage, nor count as a download.
 */
export function fileDeliveryRoutes(app: FastifyInstance, delivery: FileDeliveryService) {
  // The spec names the parameter {fileName}; ours is the file's id, looked up, never a path.
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
    const designId = answer.countsDownloadOf;
    if (designId) countWhenFinished(reply, () => delivery.countDownload(designId));
    return reply.code(answer.status).send(answer.body);
  });

  app.get<{ Params: { designId: string } }>(
    '/api/designs/download-all/:designId',
    { exposeHeadRoute: false },
    async (request, reply) => {
      const zip = await delivery.zip(request.params.designId, await request.viewer());
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(zip.fileName))
        .header('cache-control', 'private, no-store');
      reply.header('content-length', String(zip.size));
      countWhenFinished(reply, () => delivery.countDownload(zip.designId));
      // A client that goes away mid-archive must not leave a storage read open.
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) zip.abort();
      });
      return reply.send(zip.stream);
    },
  );
}

/**
 * 'finish' fires once the last byte was handed to the network; an aborted transfer ends with
 * 'close' alone, so it is not counted.
 */
function countWhenFinished(reply: FastifyReply, count: () => Promise<void>) {
  reply.raw.once('finish', () => {
    count().catch((err) => reply.log.error({ err }, 'download count failed'));
  });
}
