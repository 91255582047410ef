import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './download-names.ts';
import type { StoredZip } from './stored-zip.ts';

/**
 * Runs `delivered` once the whole answer was handed to the network: 'finish' fires after the last
 * byte; an aborted transfer ends with 'close' alone, so it is not counted.
 */
export function whenDelivered(reply: FastifyReply, delivered: () => Promise<void>) {
  reply.raw.once('finish', () => {
    delivered().catch((err) => reply.log.error({ err }, 'download count failed'));
  });
}

/**
 * Sends a streamed ZIP as a download: its exact length, no caching, `onDelivered` once it was all
 * sent. A client that goes away mid-archive must not leave a storage read open.
 */
export function sendZip(
  reply: FastifyReply,
  zip: StoredZip,
  fileName: string,
  onDelivered: () => Promise<void>,
) {
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .header('content-length', String(zip.size));
  whenDelivered(reply, onDelivered);
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) zip.abort();
  });
  return reply.send(zip.stream);
}
