import { paths } from '@/lib/paths.ts';
export type AddressCode = {
  /** The Google sign-in code to exchange, or null (none, blank, or on a page that takes none). */
  code: string | null;
  /** The same address without the code (or token), relative to the origin; null when nothing was removed. */
  cleanedUrl: string | null;
};

/** Only the two pages Google sign-in returns to take a code from the address. */
const SIGN_IN_PAGES = new Set([paths.oauthCallback(), paths.setupProfile()]);

/**
 * The `?token=` of a password reset, email confirmation or unsubscribe link is the link's own token,
 * never a session's: it is left for that link's screen, which reads it and then removes it from the
 * address itself.
 */
const LINK_TOKEN_PAGES = new Set([paths.resetPassword(), paths.verifyEmail(), paths.unsubscribe()]);

/**
 * Reads the one-time Google sign-in code from the fragment (`#code=`), where the server puts it
 * because browsers never send fragments to servers. Pure, so it can be tested without a browser.
 *
 * A session token in the address (`token`, an older form, docs/product.md#google-sign-in) is removed and
 * never used: a link carrying one would sign whoever opens it into someone else's account. The code is safe
 * to read because the server exchanges it only together with the cookie of the browser that signed in.
 */
export function readAddressCode(href: string): AddressCode {
  const url = new URL(href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const page = url.pathname.toLowerCase().replace(/\/+$/, '');
  const sessionTokenInQuery = url.searchParams.has('token') && !LINK_TOKEN_PAGES.has(page);
  const found = fragment.has('code') || fragment.has('token') || sessionTokenInQuery;
  if (!found) return { code: null, cleanedUrl: null };
  const raw = fragment.get('code')?.trim() || null;
  if (sessionTokenInQuery) url.searchParams.delete('token');
  const hadFragmentParams = fragment.has('code') || fragment.has('token');
  fragment.delete('code');
  fragment.delete('token');
  // A fragment without them is left exactly as it was (`#top` must not become `#top=`).
  const hash = !hadFragmentParams ? url.hash : fragment.size > 0 ? `#${fragment}` : '';
  const allowed = SIGN_IN_PAGES.has(page);
  return { code: allowed ? raw : null, cleanedUrl: `${url.pathname}${url.search}${hash}` };
}

/**
 * Takes the code (and any token) out of the address before the first render, so it does not stay
 * in the history, in bookmarks or in a shared link, and the router never sees it. The session
 * provider exchanges the code it returns.
 */
export function consumeAddressCode(): string | null {
  const { code, cleanedUrl } = readAddressCode(window.location.href);
  if (cleanedUrl !== null) window.history.replaceState(window.history.state, '', cleanedUrl);
  return code;
}
