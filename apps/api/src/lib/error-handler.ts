import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Framework and plugin errors that are the client's fault, as messages a person understands. */
const KNOWN: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'This content type is not accepted here.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The request body length is wrong.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Send the form as multipart/form-data.' },
  FST_PARTS_LIMIT: { status: 413, message: 'The form has too many parts.' },
  FST_FILES_LIMIT: { status: 413, message: 'The form has too many files.' },
  FST_FIELDS_LIMIT: { status: 413, message: 'The form has too many fields.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'A file in the form is too large.' },
  FST_PROTO_VIOLATION: { status: 400, message: 'The form has a forbidden field name.' },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: 'The form data is malformed or incomplete.' },
};

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22) are raised by values it cannot take: a number
 * out of range, text in the wrong format or too long, an impossible date. They can only come from
 * input that got past validation, so they are the client's 400, not our 500.
 */
const DATA_EXCEPTIONS: Record<string, string> = {
  '22003': 'A number in the request is out of range.',
  '22001': 'A value in the request is too long.',
  '22P02': 'A value in the request has the wrong format.',
  '22007': 'A date in the request is not valid.',
  '22008': 'A date in the request is out of range.',
  '22021': 'The request contains characters that cannot be stored.',
  '22P05': 'The request contains characters that cannot be stored.',
};

function dataException(error: unknown): { sqlState: string; message: string } | undefined {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof code !== 'string' || typeof severity !== 'string' || !/^22[0-9A-Z]{3}$/.test(code))
    return undefined;
  return { sqlState: code, message: DATA_EXCEPTIONS[code] ?? 'A value in the request is not valid.' };
}

/** Every error leaves as `{ message, code }`; only real faults of ours are 500s, and they are logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A failure behind a 5xx of ours (e.g. the payment provider's) is kept in the logs.
      if (error.status >= 500)
        request.log.error({ err: error.cause ?? error, code: error.code }, error.message);
      return reply.code(error.status).send({ message: error.message, code: error.code });
    }
    const known = error.code ? KNOWN[error.code] : undefined;
    if (known) return reply.code(known.status).send({ message: known.message, code: error.code });
    const data = dataException(error);
    if (data) {
      // A warning without the value (it may be anything the sender typed): which check is missing.
      request.log.warn(
        { sqlState: data.sqlState, route: request.routeOptions.url },
        'input refused by the database',
      );
      return reply.code(400).send({ message: data.message, code: 'INVALID_VALUE' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}

/**
 * Fastify's `frameworkErrors`: failures of the router before any route or hook runs (an address
 * whose %-encoding is broken), in the same shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send({ message: 'The address is not valid.', code: error.code });
    return;
  }
  request.log.error({ err: error }, 'request failed');
  reply.code(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
}

/**
 * Answers on the bare connection and closes it: for requests that never became a route call (an
 * unparsable request line or headers, headers too slow or too large) and for a body cut off for
 * stalling. Same `{ message, code }` shape as every other error.
 */
export function answerAndClose(socket: Socket, status: number, code: string, message: string): void {
  if (socket.destroyed) return;
  if (socket.writable) {
    const body = JSON.stringify({ message, code });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Fastify's `clientErrorHandler`: Node's own refusals, in our error shape. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET') socket.destroy();
  else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    answerAndClose(socket, 408, 'REQUEST_TIMEOUT', REQUEST_TIMEOUT_MESSAGE);
  else if (error.code === 'HPE_HEADER_OVERFLOW')
    answerAndClose(socket, 431, 'HEADERS_TOO_LARGE', 'The request headers are too large.');
  else answerAndClose(socket, 400, 'BAD_HTTP_REQUEST', 'The request is not valid HTTP.');
}

export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive. Please try again.';
