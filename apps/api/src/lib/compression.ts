import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Brotli's quality. On a home listing page (12.7 KB of JSON, 2 cores, the machine busy), one
 * compression took about 150 µs of CPU at quality 3 (3,974 bytes), 270 µs at the plugin's default 4
 * (3,939 bytes), 380 µs at 5 (3,799 bytes), and gzip's default level 6, 210-270 µs (4,000 bytes):
 * quality 3 nearly halves the cost of 4 for 1 % more bytes, and beats gzip on both.
 */
export const BROTLI_QUALITY = 3;

/**
 * Answers up to this size are compressed in one synchronous call; larger ones (sitemap pages, big
 * lists) through a stream on libuv's threads. The plugin's own limit depends on the cores (8 KB on
 * two), which sends a listing page down the stream path, measured there at about 1,550 µs of CPU
 * per 12.7 KB answer (a new encoder and its buffers per answer, and the hand-offs) against 365 µs
 * in one call.
 */
const SYNC_LIMIT_BYTES = 64 * 1024;

/**
 * Compresses the routes' answers with br or gzip when the client accepts it: JSON, XML (sitemaps)
 * and other text, from 1 KB (below that the headers and the CPU cost more than the bytes saved).
 * Left alone:
 * - answers that already have a Content-Encoding: the web build's .br and .gz copies of its
 *   assets and of index.html (which the page handler sends; not being a route, it is not seen here);
 * - ranges (206, Content-Range), whose offsets count the file's own bytes;
 * - everything that is not text: images (compressed already), STL models and ZIPs, whose
 *   downloads and range requests must stay byte-exact and keep their announced length (a ZIP's
 *   is known before its first byte, so downloads show their progress). The plugin's default
 *   list also takes application/octet-stream; ours does not, as such bytes may be anything,
 *   compressed included.
 * Request bodies are never decompressed: no client of ours sends them compressed, and a small
 * compressed body could expand to far more than it looked.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: SYNC_LIMIT_BYTES,
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    globalDecompression: false,
  });
}

type Encoding = 'br' | 'gzip';

/** The encoding of a body this big for this request: null to send it as it is. */
function chosenEncoding(request: FastifyRequest, byteLength: number): Encoding | null {
  if (byteLength < 1024) return null;
  const chosen = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

function encode(body: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : zlib.gzipSync(body);
}

/** The text of a shared answer and its compressed forms, made once each, when first asked. */
interface EncodedAnswer {
  text: string;
  bytes: number;
  compressed: Partial<Record<Encoding, Buffer>>;
}
const encodedAnswers = new WeakMap<object, EncodedAnswer>();

/**
 * The same rules for answers sent outside the plugin's hooks: br or gzip as the client prefers,
 * from 1 KB, in one call. (The page handler is Fastify's not-found handler, which the plugin never
 * sees.)
 *
 * Sends an answer that many requests receive at once (a read or a page render shared by everyone
 * asking for the same thing at the same moment) as its text, br or gzip, writing and compressing it
 * once for all of them instead of once per request. On the home listing at 50 connections the
 * per-request work was about 250 µs of CPU sent plain and 440-550 µs compressed, most of the
 * difference being the same 12.7 KB compressed again for each request sharing the read. `answer`
 * must not change after it is first sent; its forms go when it is dropped.
 */
export function sendShared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: object,
  toText: (answer: object) => string,
) {
  let encoded = encodedAnswers.get(answer);
  if (!encoded) {
    const text = toText(answer);
    encoded = { text, bytes: Buffer.byteLength(text), compressed: {} };
    encodedAnswers.set(answer, encoded);
  }
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  const encoding = chosenEncoding(request, encoded.bytes);
  if (!encoding) return reply.send(encoded.text);
  encoded.compressed[encoding] ??= encode(encoded.text, encoding);
  return reply.header('content-encoding', encoding).send(encoded.compressed[encoding]);
}

/** sendShared for an answer sent as JSON. */
export function sendSharedJson(request: FastifyRequest, reply: FastifyReply, answer: object) {
  reply.type('application/json; charset=utf-8');
  return sendShared(request, reply, answer, JSON.stringify);
}
