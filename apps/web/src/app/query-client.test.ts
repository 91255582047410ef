import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { shouldRetry } from './query-client.ts';

const apiError = (status: number) => new ApiError({ status, code: `HTTP_${status}`, serverMessage: null });

describe('shouldRetry', () => {
  it('retries network failures and server errors', () => {
    expect(shouldRetry(0, apiError(0))).toBe(true);
    expect(shouldRetry(1, apiError(503))).toBe(true);
  });

  it('does not retry answers that a second try cannot change', () => {
    expect(shouldRetry(0, apiError(404))).toBe(false);
    expect(shouldRetry(0, apiError(401))).toBe(false);
  });

  it('gives up after two retries', () => {
    expect(shouldRetry(2, apiError(500))).toBe(false);
  });
});
