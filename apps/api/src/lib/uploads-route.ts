import type { FastifyInstance } from 'fastify';
import { isPublicImageKey } from './public-images.ts';
import { FileNotFoundError, type FileStore } from './storage/file-store.ts';

/** Public images by key. Keys are unique per upload, so answers may be cached for good. */
export function uploadsRoute(app: FastifyInstance, files: FileStore): void {
  app.get<{ Params: { '*': string } }>('/uploads/*', async (request, reply) => {
    const key = request.params['*'];
    const notFound = { message: 'Not found.', code: 'NOT_FOUND' };
    if (!isPublicImageKey(key)) return reply.code(404).send(notFound);
    try {
      const stream = await files.get(key);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stream);
    } catch (err) {
      if (err instanceof FileNotFoundError) return reply.code(404).send(notFound);
      throw err;
    }
  });
}
