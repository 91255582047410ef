import { getStoredToken } from '@/lib/auth-storage.ts';

/**
 * The web client sends the token as `X-Token` on follow calls (the API accepts every token
 * header; apiFetch adds `x-auth-token` as well).
 */
export function xTokenHeader(): Record<string, string> | undefined {
  const token = getStoredToken();
  return token ? { 'X-Token': token } : undefined;
}
