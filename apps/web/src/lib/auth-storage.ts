/**
 * The two values the browser keeps about the session (docs/product.md#entities: `authToken` and `userId`).
 * localStorage can throw (storage disabled, private mode quotas), and a broken storage must never
 * break the page, so every access is guarded; a failure behaves like "nothing stored".
 */
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
export const setStoredToken = (token: string): void => write(TOKEN_KEY, token);
export const getStoredUserId = (): string | null => read(USER_ID_KEY) || null;
export const setStoredUserId = (id: string): void => write(USER_ID_KEY, id);

/** Logout and any failed session restore forget both values together. */
export function clearStoredSession(): void {
  write(TOKEN_KEY, null);
  write(USER_ID_KEY, null);
}
