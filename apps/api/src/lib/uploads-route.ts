import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from './errors.ts';
import { isPublicImageKey, publicContentType } from './public-images.ts';
import { FileNotFoundError, type FileStore } from './storage/file-store.ts';

type UploadsRequest = { Params: { '*': string } };

/** Public images and preview meshes by key. Keys are unique per upload, so answers may be cached for good. */
export function uploadsRoute(app: FastifyInstance, files: FileStore): void {
  const publicKey = (key: string, reply: FastifyReply) => {
    if (!isPublicImageKey(key)) throw notFound();
    reply
      .header('content-type', publicContentType(key))
      .header('cache-control', 'public, max-age=31536000, immutable');
    return key;
  };

  // Declared before GET, so Fastify does not derive a HEAD route from it: that one would open the
  // content and read it to the end only to drop it (from S3 a whole download, holding one of the
  // client's connections meanwhile). The size is all a HEAD needs.
  app.head<UploadsRequest>('/uploads/*', async (request, reply) => {
    const stat = await files.stat(publicKey(request.params['*'], reply));
    if (!stat) throw notFound();
    return reply.header('content-length', stat.size).send();
  });

  app.get<UploadsRequest>('/uploads/*', async (request, reply) => {
    const key = publicKey(request.params['*'], reply);
    try {
      return reply.send(await files.get(key));
    } catch (err) {
      if (err instanceof FileNotFoundError) throw notFound();
      throw err;
    }
  });
}
