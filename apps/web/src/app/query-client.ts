import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

/**
 * One retry for network trouble and server errors; none for answers that will not change on a
 * second try (a 4xx such as "not found" or "not authorized").
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
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
      mutations: { retry: false },
    },
  });
}
