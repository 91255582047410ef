import { googleExchangeSchema } from '@printmarket/shared/auth';
import { readCookie } from '@printmarket/shared/cookies';
import type { GoogleExchangeResponse } from '@printmarket/shared/types';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import type { UsersService } from '../users/users-service.ts';
import { BROWSER_COOKIE, clearedGoogleCookie, googleCookie, STATE_COOKIE } from './google-cookie.ts';
import { GoogleSignInError, loggableError } from './google-errors.ts';
import { CODE_TTL_SECONDS, type GoogleSignInService, SIGN_IN_TTL_SECONDS } from './google-service.ts';

/**
 * The start and the callback are whole-page browser navigations, so after the start every outcome
 * is a redirect into the web app: `/oauth-callback` or `/setup-profile` with a one-time code, or
 * `/oauth-callback` with a short error code. The web app then exchanges the code for a session.
 */
export function googleRoutes(
  app: FastifyInstance,
  google: GoogleSignInService | undefined,
  users: UsersService,
  options: { secureCookie: boolean },
) {
  const secure = options.secureCookie;

  app.get('/api/auth/google', async (request, reply) => {
    if (!google) throw notFound('Google sign-in is not configured on this server.', 'GOOGLE_DISABLED');
    try {
      const { state, authorizationUrl } = await google.start();
      reply.header(
        'set-cookie',
        googleCookie(STATE_COOKIE, state, { secure, maxAgeSeconds: SIGN_IN_TTL_SECONDS }),
      );
      return redirect(reply, authorizationUrl);
    } catch (err) {
      return refuse(request, reply, err);
    }
  });

  app.get('/api/auth/google/callback', async (request, reply) => {
    try {
      if (!google) throw new GoogleSignInError('google_disabled');
      const { code, browserKey, needsProfile } = await google.finish({
        query: rawQuery(request.url),
        browserState: readCookie(request.headers.cookie, STATE_COOKIE),
      });
      reply.header('set-cookie', [
        clearedGoogleCookie(STATE_COOKIE, { secure }),
        googleCookie(BROWSER_COOKIE, browserKey, { secure, maxAgeSeconds: CODE_TTL_SECONDS }),
      ]);
      const page = needsProfile ? '/setup-profile' : '/oauth-callback';
      // In the fragment, which browsers never send to a server: the code stays out of access logs
      // and Referer headers. It is worth nothing without the cookie set beside it.
      return redirect(reply, `${page}#code=${encodeURIComponent(code)}`);
    } catch (err) {
      // A callback for another browser's state (a forged link) leaves this browser's own sign-in
      // in progress; every other outcome ends it.
      const foreign = err instanceof GoogleSignInError && err.reason === 'state_mismatch';
      if (!foreign) reply.header('set-cookie', clearedGoogleCookie(STATE_COOKIE, { secure }));
      return refuse(request, reply, err);
    }
  });

  app.post('/api/auth/google/exchange', async (request, reply): Promise<GoogleExchangeResponse> => {
    if (!google) throw notFound('Google sign-in is not configured on this server.', 'GOOGLE_DISABLED');
    const { code } = parseInput(googleExchangeSchema, request.body);
    const { userId, isNew, token } = await google.exchange(
      code,
      readCookie(request.headers.cookie, BROWSER_COOKIE),
    );
    reply.header('set-cookie', clearedGoogleCookie(BROWSER_COOKIE, { secure }));
    // The answer holds a session token: no cache on the way may keep it.
    reply.header('cache-control', 'no-store');
    return { token, user: await users.currentUser(userId), isNew };
  });
}

/** No cache on the way may keep a redirect that ends or continues a sign-in. */
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
