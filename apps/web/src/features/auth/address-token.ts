import { clearStoredSession, setStoredToken } from '../../lib/auth-storage.ts';

export type AddressToken = {
  /** The token to sign in with, or null (none, blank, or on a page that may not sign anyone in). */
  token: string | null;
  /** The same address without the token, relative to the origin; null when nothing was removed. */
  cleanedUrl: string | null;
};

/**
 * Only the two pages Google sign-in returns to may sign someone in from the address. Anywhere
 * else a token is removed but ignored, so a crafted link cannot quietly swap the visitor's
 * account for someone else's.
 */
const SIGN_IN_PAGES = new Set(['/oauth-callback', '/setup-profile']);

/**
 * Reads the sign-in token from the address: from the fragment (`#token=`), where the server puts
 * it because browsers never send fragments to servers, or from the `token` query parameter the
 * spec describes. Pure, so it can be tested without a browser.
 */
export function readAddressToken(href: string): AddressToken {
  const url = new URL(href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const inFragment = fragment.has('token');
  const inQuery = url.searchParams.has('token');
  if (!inFragment && !inQuery) return { token: null, cleanedUrl: null };
  const raw = (inFragment ? fragment.get('token') : url.searchParams.get('token'))?.trim() || null;
  url.searchParams.delete('token');
  fragment.delete('token');
  // A fragment without the token is left exactly as it was (`#top` must not become `#top=`).
  const hash = !inFragment ? url.hash : fragment.size > 0 ? `#${fragment}` : '';
  const allowed = SIGN_IN_PAGES.has(url.pathname.toLowerCase().replace(/\/+$/, ''));
  return { token: allowed ? raw : null, cleanedUrl: `${url.pathname}${url.search}${hash}` };
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
