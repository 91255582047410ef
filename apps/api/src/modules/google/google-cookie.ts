/**
 * The cookies that bind a Google sign-in to the browser that started it. Written by hand: they
 * are two cookies with base64url values, and a cookie plugin here could clash with one registered
 * for the whole app later.
 */

/** Carries the state from the start of a sign-in to its callback. */
export const STATE_COOKIE = 'pm_google_state';
/**
 * Set by a successful callback: the one-time code it hands out can only be exchanged together
 * with this value. Unlike the state, it never appears in any address, so a code read from an
 * address (history, a shared screenshot) is useless anywhere else.
 */
export const BROWSER_COOKIE = 'pm_google_browser';
/** Sent only to the Google sign-in routes (the callback and exchange paths lie under it). */
const PATH = '/api/auth/google';

type CookieOptions = { secure: boolean; maxAgeSeconds: number };

/**
 * httpOnly: scripts never need it. SameSite=Lax: still sent on the top-level GET navigation back
 * from Google and on the web app's own requests, never on cross-site subrequests. Secure whenever
 * the site is served over https.
 */
export function googleCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${value}`,
    `Path=${PATH}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Expires the cookie at once. */
export function clearedGoogleCookie(name: string, options: { secure: boolean }): string {
  return googleCookie(name, '', { ...options, maxAgeSeconds: 0 });
}
