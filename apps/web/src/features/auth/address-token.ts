import { clearStoredSession, setStoredToken } from '../../lib/auth-storage.ts';

export type AddressToken = {
  /** The `token` query parameter, or null when there is none (or it is blank). */
  token: string | null;
  /** The same address without `token`, relative to the origin; null when nothing was removed. */
  cleanedUrl: string | null;
};

/**
 * Reads the `token` query parameter that the Google sign-in (and links handed out by the server)
 * put in the address. Pure, so it can be tested without a browser.
 */
export function readAddressToken(href: string): AddressToken {
  const url = new URL(href);
  if (!url.searchParams.has('token')) return { token: null, cleanedUrl: null };
  const token = url.searchParams.get('token')?.trim() || null;
  url.searchParams.delete('token');
  return { token, cleanedUrl: `${url.pathname}${url.search}${url.hash}` };
}

/**
 * Spec section 4: at start, a token in the address is stored as `authToken` and removed from the
 * address, so it does not stay in the history, in bookmarks or in a shared link. Runs once, before
 * the first render, so the session provider already finds the token in storage.
 */
export function consumeAddressToken(): string | null {
  const { token, cleanedUrl } = readAddressToken(window.location.href);
  if (cleanedUrl === null) return null;
  if (token) {
    // A new token belongs to whoever just signed in; the old user id must not survive next to it.
    clearStoredSession();
    setStoredToken(token);
  }
  window.history.replaceState(window.history.state, '', cleanedUrl);
  return token;
}
