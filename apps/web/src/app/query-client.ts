import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client.ts';

/** At most this many further tries after a failure that may pass on its own. */
export const MAX_RETRIES = 2;

/**
 * Retries network trouble and server errors (5xx), at most MAX_RETRIES times; never an answer a
 * second try cannot change (any 4xx: not found, not authorized, invalid input), so its error shows
 * at once. TanStack Query counts `failureCount` from 0 before the first retry.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      // A change is never repeated by itself: after an answer lost on the way it may already have
      // happened (a toggle would undo itself, a sign-up would meet its own 409). The person sees
      // the error at once and decides.
      mutations: { retry: false },
    },
  });
}
