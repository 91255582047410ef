import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { createQueryClient, MAX_RETRIES, shouldRetry } from './query-client.ts';

const apiError = (status: number) => new ApiError({ status, code: `HTTP_${status}`, serverMessage: null });

describe('shouldRetry', () => {
  it('retries network failures and server errors', () => {
    expect(shouldRetry(0, apiError(0))).toBe(true);
    expect(shouldRetry(0, apiError(500))).toBe(true);
    expect(shouldRetry(1, apiError(503))).toBe(true);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('never retries a 4xx answer, whatever its status', () => {
    for (let status = 400; status < 500; status++) expect(shouldRetry(0, apiError(status))).toBe(false);
  });

  it(`gives up after ${MAX_RETRIES} retries`, () => {
    expect(shouldRetry(MAX_RETRIES - 1, apiError(500))).toBe(true);
    expect(shouldRetry(MAX_RETRIES, apiError(500))).toBe(false);
    expect(shouldRetry(MAX_RETRIES, apiError(0))).toBe(false);
  });

  it('is the rule of queries; changes are never repeated by themselves', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(shouldRetry);
    expect(defaults.mutations?.retry).toBe(false);
  });
});

describe('a query answered 4xx', () => {
  it('fails after one call, with no retry', async () => {
    const client = createQueryClient();
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['missing'],
        queryFn: () => {
          calls++;
          return Promise.reject(apiError(404));
        },
        retry: client.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });

  it('a 5xx is tried again, up to the limit', async () => {
    const client = createQueryClient();
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['flaky'],
        queryFn: () => {
          calls++;
          return Promise.reject(apiError(503));
        },
        retry: client.getDefaultOptions().queries?.retry,
        retryDelay: 0,
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1 + MAX_RETRIES);
  });
});
