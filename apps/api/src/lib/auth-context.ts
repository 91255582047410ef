import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppError, unauthorized } from './errors.ts';

/**
 * Who is making a request, once their token has been checked against a live session. `isOperator`
 * is decided at every request (lib/operators.ts); absent means false.
 */
export type Viewer = { id: string; username: string; sessionId: string; isOperator?: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, or null. Checked once per request, on first use. */
    viewer(): Promise<Viewer | null>;
    /** The signed-in person; a 401 for anyone else. */
    requireViewer(): Promise<Viewer>;
  }
}

/**
 * Clients send the token (docs/product.md#calls) as `x-auth-token`, and as `X-Token` on profile and follow
 * calls; `Authorization: Bearer` is accepted too. All are read everywhere.
 */
export function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-auth-token'] ?? request.headers['x-token'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value) return value.trim() || undefined;
  const auth = request.headers.authorization;
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || undefined;
  return undefined;
}

export function registerAuthContext(
  app: FastifyInstance,
  authenticate: (token: string) => Promise<Viewer | null>,
): void {
  const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  app.decorateRequest('viewer', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = readToken(this);
      pending = token ? authenticate(token) : Promise.resolve(null);
      cache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest('requireViewer', async function (this: FastifyRequest) {
    const viewer = await this.viewer();
    if (viewer) return viewer;
    throw signInRequired(this);
  });
}

/** The 401 for a request that needs a signed-in person and has no live session. */
export function signInRequired(request: FastifyRequest): AppError {
  return readToken(request)
    ? unauthorized('Your session has ended. Please sign in again.', 'SESSION_INVALID')
    : unauthorized('Please sign in to continue.', 'NOT_SIGNED_IN');
}
