import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.ts';
import { isPublicImageKey } from './public-images.ts';
import { FileNotFoundError, type FileStore } from './storage/file-store.ts';

/** Public images by key. Keys are unique per upload, so answers may be cached for good. */
export function uploadsRoute(app: FastifyInstance, files: FileStore): void {
  app.get<{ Params: { '*': string } }>('/uploads/*', async (request, reply) => {
    const key = request.params['*'];
    if (!isPublicImageKey(key)) throw notFound();
    try {
      const stream = await files.get(key);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stream);
    } catch (err) {
      if (err instanceof FileNotFoundError) throw notFound();
      throw err;
    }
  });
}
