import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerAndClose, REQUEST_TIMEOUT_MESSAGE } from './error-handler.ts';

export type BodyDeadline = {
  /** Longest wait for the next byte of a body. */
  idleMs: number;
  /** Slowest average a body may arrive at, measured over `rateWindowMs`. */
  minBytesPerSecond: number;
  rateWindowMs: number;
};

/**
 * Cuts off request bodies that stall: no byte for `idleMs`, or fewer than `minBytesPerSecond` on
 * average over `rateWindowMs`, so that a slow-drip client cannot hold a connection (and a
 * temporary upload file) for minutes. The client gets 408 when no answer has started, and the
 * connection is closed; the body's reader then fails as for any dropped connection, which
 * removes temporary upload files.
 *
 * It watches the connection's byte count rather than the body stream, so it works whoever reads
 * the body (the JSON parser, the multipart reader) without taking data from them. Time in which
 * the server had unread bytes waiting, or its event loop was held up, does not count against the
 * client.
 */
export function registerBodyDeadline(app: FastifyInstance, limits: BodyDeadline): void {
  const tickMs = Math.max(10, Math.min(limits.idleMs, limits.rateWindowMs) / 4);
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket as Socket | undefined;
    // app.inject has no connection: its body is there already.
    if (typeof socket?.bytesRead !== 'number' || !hasBody(request) || request.raw.complete) return;
    watchBody(request, reply, socket, limits, tickMs);
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

type Sample = { at: number; bytes: number };

function watchBody(
  request: FastifyRequest,
  reply: FastifyReply,
  socket: Socket,
  limits: BodyDeadline,
  tickMs: number,
) {
  let lastTick = performance.now();
  let lastByteAt = lastTick;
  let samples: Sample[] = [{ at: lastTick, bytes: socket.bytesRead }];
  const restart = (at: number) => {
    lastByteAt = at;
    samples = [{ at, bytes: socket.bytesRead }];
  };
  const stop = () => {
    clearInterval(timer);
    socket.off('close', stop);
  };
  const timer = setInterval(() => {
    if (request.raw.complete || socket.destroyed) return stop();
    const now = performance.now();
    const lagging = now - lastTick > tickMs * 3;
    lastTick = now;
    // The server is behind (bytes wait unread) or was busy elsewhere: nothing to hold against the client.
    if (lagging || request.raw.readableLength > 0) return restart(now);
    const bytes = socket.bytesRead;
    const previous = samples[samples.length - 1] as Sample;
    if (bytes > previous.bytes) lastByteAt = now;
    samples.push({ at: now, bytes });
    while (samples.length > 2 && (samples[1] as Sample).at <= now - limits.rateWindowMs) samples.shift();
    const first = samples[0] as Sample;
    const idle = now - lastByteAt >= limits.idleMs;
    const slow =
      now - first.at >= limits.rateWindowMs &&
      ((bytes - first.bytes) * 1000) / (now - first.at) < limits.minBytesPerSecond;
    if (!idle && !slow) return;
    stop();
    request.log.info(
      { method: request.method, route: request.routeOptions.url, reason: idle ? 'idle' : 'slow' },
      'request body stalled; connection closed',
    );
    if (reply.raw.headersSent) socket.destroy();
    else answerAndClose(socket, 408, 'REQUEST_TIMEOUT', REQUEST_TIMEOUT_MESSAGE);
  }, tickMs);
  timer.unref();
  socket.on('close', stop);
}
