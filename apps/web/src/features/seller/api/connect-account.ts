import type { ConnectResponse } from '@printmarket/shared/payments';
import { apiFetch } from '@/lib/api-client.ts';

/** POST /api/payments/stripe-connect/connect: makes the seller's connected account, unless there is one. */
export function connectAccount(): Promise<ConnectResponse> {
  return apiFetch<ConnectResponse>('/api/payments/stripe-connect/connect', { method: 'POST' });
}
