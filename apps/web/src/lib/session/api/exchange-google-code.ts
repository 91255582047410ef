import type { GoogleExchangeResponse } from '@printmarket/shared/types';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/auth/google/exchange: the one-time code from the Google callback's address, sent with
 * the httpOnly cookie the callback set in this browser, becomes `{ token, user, isNew }`. Only the
 * session calls this, once per page load (a code works once).
 */
export function exchangeGoogleCode(code: string): Promise<GoogleExchangeResponse> {
  return apiFetch<GoogleExchangeResponse>('/api/auth/google/exchange', {
    method: 'POST',
    json: { code },
    credentials: 'same-origin',
  });
}
