import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { sellerKeys } from './keys.ts';

export const FAILED_COMPLETE_ONBOARDING = 'Failed to complete onboarding';

/**
 * POST /api/payments/sandbox/connect/{accountId}/complete: marks the test account as onboarded (it
 * may take payments) and answers where to go next, the seller dashboard.
 */
export function completeSandboxOnboarding(accountId: string): Promise<{ redirectUrl: string }> {
  return apiFetch<{ redirectUrl: string }>(
    `/api/payments/sandbox/connect/${encodeURIComponent(accountId)}/complete`,
    { method: 'POST' },
  );
}

export function useCompleteSandboxOnboarding(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => completeSandboxOnboarding(accountId),
    // The dashboard must not show the account as unfinished from its cache.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerKeys.all }),
  });
}
