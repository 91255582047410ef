/**
 * The cookie that binds a Google sign-in to the browser that started it. Written by hand: it is
 * one cookie with a base64url value, and a cookie plugin here could clash with one registered
 * for the whole app later.
 */
const NAME = 'pm_google_state';
/** Sent only to the Google sign-in routes (the callback path lies under it). */
const PATH = '/api/auth/google';

/**
 * httpOnly: scripts never need it. SameSite=Lax: still sent on the top-level GET navigation back
 * from Google, never on cross-site subrequests. Secure whenever the site is served over https.
 */
export function stateCookie(state: string, options: { secure: boolean; maxAgeSeconds: number }): string {
  const parts = [
    `${NAME}=${state}`,
    `Path=${PATH}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Expires the cookie at once; a state is good for one callback only. */
export function clearedStateCookie(options: { secure: boolean }): string {
  return stateCookie('', { ...options, maxAgeSeconds: 0 });
}

/** The state cookie's value from a Cookie request header, if present. */
export function readStateCookie(header: string | undefined): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq).trim() === NAME) return pair.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
