import { describe, expect, it } from 'vitest';
import { clearedStateCookie, readStateCookie, stateCookie } from './google-cookie.ts';

describe('Google sign-in state cookie', () => {
  it('is httpOnly, SameSite=Lax, limited to the Google routes, and Secure only on https sites', () => {
    expect(stateCookie('abc', { secure: false, maxAgeSeconds: 600 })).toBe(
      'pm_google_state=abc; Path=/api/auth/google; Max-Age=600; HttpOnly; SameSite=Lax',
    );
    expect(stateCookie('abc', { secure: true, maxAgeSeconds: 600 })).toMatch(/; Secure$/);
    expect(clearedStateCookie({ secure: true })).toBe(
      'pm_google_state=; Path=/api/auth/google; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    );
  });

  it('is read from among other cookies, and absent when missing or empty', () => {
    expect(readStateCookie('theme=dark; pm_google_state=x-Y_9 ; other=1')).toBe('x-Y_9');
    expect(readStateCookie('xpm_google_state=nope; theme=dark')).toBeUndefined();
    expect(readStateCookie('pm_google_state=')).toBeUndefined();
    expect(readStateCookie(undefined)).toBeUndefined();
  });
});
