import { afterEach, describe, expect, it } from 'vitest';
import { clearStoredSession, getStoredToken, setStoredToken } from './auth-storage.ts';

describe('the signed-in hint follows the stored session', () => {
  afterEach(() => clearStoredSession());

  it('is set with the token and cleared with it', () => {
    expect(document.cookie).not.toContain('pm_signed_in=1');
    setStoredToken('token-1');
    expect(getStoredToken()).toBe('token-1');
    expect(document.cookie).toContain('pm_signed_in=1');
    clearStoredSession();
    expect(getStoredToken()).toBeNull();
    expect(document.cookie).not.toContain('pm_signed_in');
  });
});
