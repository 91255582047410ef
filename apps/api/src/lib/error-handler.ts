import type { FastifyError, FastifyInstance } from 'fastify';
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
};

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
