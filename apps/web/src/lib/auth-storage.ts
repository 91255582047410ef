/**
 * The two values the browser keeps about the session (docs/product.md#entities: `authToken` and `userId`).
 * localStorage can throw (storage disabled, private mode quotas), and a broken storage must never
 * break the page, so every access is guarded; a failure behaves like "nothing stored".
 */
import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_MAX_AGE_SECONDS } from '@printmarket/shared/signed-in-hint';

export const TOKEN_KEY = 'authToken';
export const USER_ID_KEY = 'userId';

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage unavailable: the session then lasts only as long as the page.
  }
}

export const getStoredToken = (): string | null => read(TOKEN_KEY) || null;
export function setStoredToken(token: string): void {
  write(TOKEN_KEY, token);
  setSignedInHint(true);
}
export const getStoredUserId = (): string | null => read(USER_ID_KEY) || null;
export const setStoredUserId = (id: string): void => write(USER_ID_KEY, id);

/** Logout and any failed session restore forget both values together. */
export function clearStoredSession(): void {
  write(TOKEN_KEY, null);
  write(USER_ID_KEY, null);
  setSignedInHint(false);
}

/**
 * Sets or clears the cookie that tells the server this browser holds a session, so public pages
 * come for the browser to render rather than as a visitor's page (@printmarket/shared/signed-in-hint).
 * main.tsx keeps it in step with the stored token at every start.
 */
export function setSignedInHint(on: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  const value = on ? `1; Max-Age=${SIGNED_IN_HINT_MAX_AGE_SECONDS}` : '; Max-Age=0';
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
}
