import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './download-names.ts';
import type { StoredZip } from './stored-zip.ts';

/**
 * Sends a streamed ZIP as a download: its exact length, no caching. A client that goes away
 * mid-archive must not leave a storage read open.
 */
export function sendZip(reply: FastifyReply, zip: StoredZip, fileName: string) {
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .header('content-length', String(zip.size));
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) zip.abort();
  });
  return reply.send(zip.stream);
}
