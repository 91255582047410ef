import { useEffect } from 'react';
import { ApiError } from './api-client.ts';

/** Whether the API refused the call because the session is missing or has ended (401). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Calls `onUnauthorized` once a query or mutation fails with a 401 (an expired session, say). */
export function useReportUnauthorized(error: unknown, onUnauthorized: () => void): void {
  const unauthorized = isUnauthorized(error);
  useEffect(() => {
    if (unauthorized) onUnauthorized();
  }, [unauthorized, onUnauthorized]);
}
