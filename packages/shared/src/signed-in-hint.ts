import { readCookie } from './cookies.ts';

/**
 * A cookie that only says "this browser holds a session" (never the token, which stays in
 * localStorage and travels in the `x-auth-token` header). The server sends a browser that has it
 * the page for the browser to render instead of a visitor's rendered page, which a signed-in person
 * would see replaced by the loading screen and then by their own page. It grants nothing: a wrong
 * or stale hint only costs that browser the server-rendered page.
 */
export const SIGNED_IN_HINT_COOKIE = 'pm_signed_in';

/** Kept a year: the token's own lifetime decides the session, and signing out clears the hint. */
export const SIGNED_IN_HINT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Whether a request's Cookie header carries the hint. */
export function hasSignedInHint(cookieHeader: string | undefined): boolean {
  return readCookie(cookieHeader, SIGNED_IN_HINT_COOKIE) === '1';
}
