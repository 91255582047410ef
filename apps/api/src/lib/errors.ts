/**
 * The one error type services throw. Routes never build error bodies themselves: the app's error
 * handler turns an AppError into `{ message, code }` with its status.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The underlying failure (e.g. a provider's error), for the logs; never sent to the client. */
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message = 'Please sign in to continue.', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You are not allowed to do that.', code = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found.', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const payloadTooLarge = (message: string, code = 'PAYLOAD_TOO_LARGE') =>
  new AppError(413, code, message);
export const unsupportedMedia = (message: string, code = 'UNSUPPORTED_MEDIA_TYPE') =>
  new AppError(415, code, message);
export const tooManyRequests = (message: string, code = 'RATE_LIMITED') => new AppError(429, code, message);
