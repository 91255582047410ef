import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { clearedStateCookie, readStateCookie, stateCookie } from './google-cookie.ts';
import { GoogleSignInError, loggableError } from './google-errors.ts';
import { type GoogleSignInService, SIGN_IN_TTL_SECONDS } from './google-service.ts';

/**
 * Both routes are whole-page browser navigations, so after the start every outcome is a redirect
 * into the web app: `/oauth-callback` or `/setup-profile` with a token, or `/oauth-callback` with
 * a short error code.
 */
export function googleRoutes(
  app: FastifyInstance,
  google: GoogleSignInService | undefined,
  options: { secureCookie: boolean },
) {
  const secure = options.secureCookie;

  app.get('/api/auth/google', async (request, reply) => {
    if (!google) throw notFound('Google sign-in is not configured on this server.', 'GOOGLE_DISABLED');
    try {
      const { state, authorizationUrl } = await google.start();
      reply.header('set-cookie', stateCookie(state, { secure, maxAgeSeconds: SIGN_IN_TTL_SECONDS }));
      return redirect(reply, authorizationUrl);
    } catch (err) {
      return refuse(request, reply, err);
    }
  });

  app.get('/api/auth/google/callback', async (request, reply) => {
    try {
      if (!google) throw new GoogleSignInError('google_disabled');
      const { token, needsProfile } = await google.finish({
        query: rawQuery(request.url),
        browserState: readStateCookie(request.headers.cookie),
      });
      reply.header('set-cookie', clearedStateCookie({ secure }));
      const page = needsProfile ? '/setup-profile' : '/oauth-callback';
      // In the fragment, which browsers never send to a server: the token stays out of access
      // logs and Referer headers. The web app reads it there (and, as the spec has it, in the query).
      return redirect(reply, `${page}#token=${encodeURIComponent(token)}`);
    } catch (err) {
      // A callback for another browser's state (a forged link) leaves this browser's own sign-in
      // in progress; every other outcome ends it.
      const foreign = err instanceof GoogleSignInError && err.reason === 'state_mismatch';
      if (!foreign) reply.header('set-cookie', clearedStateCookie({ secure }));
      return refuse(request, reply, err);
    }
  });
}

/** The redirect may carry a session token: it must not be stored by any cache on the way. */
function redirect(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}

/** One log line naming the reason (never the query, which holds the code), then back to the app. */
function refuse(request: FastifyRequest, reply: FastifyReply, err: unknown) {
  if (err instanceof GoogleSignInError) {
    const cause = err.cause === undefined ? undefined : loggableError(err.cause);
    request.log.warn({ reason: err.reason, cause }, 'google sign-in refused');
    return redirect(reply, `/oauth-callback?error=${err.reason}`);
  }
  request.log.error({ err: loggableError(err) }, 'google sign-in failed');
  return redirect(reply, '/oauth-callback?error=server_error');
}

/** The query string as received, which the code exchange needs unaltered. */
function rawQuery(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}
