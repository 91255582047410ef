import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { sellerKeys } from './keys.ts';

/** The test-mode stand-in for a connected account. */
export type SandboxAccount = { accountId: string; detailsSubmitted: boolean };

export const FAILED_SANDBOX_ACCOUNT = 'Failed to load the test account';

/** GET /api/payments/sandbox/connect/{accountId} (its seller); 404 when test mode is off. */
export function fetchSandboxAccount(accountId: string, signal?: AbortSignal): Promise<SandboxAccount> {
  return apiFetch<SandboxAccount>(`/api/payments/sandbox/connect/${encodeURIComponent(accountId)}`, {
    signal,
  });
}

export function sandboxAccountQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: sellerKeys.sandboxAccount(accountId),
    queryFn: ({ signal }) => fetchSandboxAccount(accountId, signal),
  });
}

export function useSandboxAccount(accountId: string, enabled = true) {
  return useQuery({ ...sandboxAccountQueryOptions(accountId), enabled });
}
