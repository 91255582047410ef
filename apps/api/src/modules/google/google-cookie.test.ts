import { readCookie } from '@printmarket/shared/cookies';
import { describe, expect, it } from 'vitest';
import { BROWSER_COOKIE, clearedGoogleCookie, googleCookie, STATE_COOKIE } from './google-cookie.ts';

describe('Google sign-in cookies', () => {
  it('are httpOnly, SameSite=Lax, limited to the Google routes, and Secure only on https sites', () => {
    expect(googleCookie(STATE_COOKIE, 'abc', { secure: false, maxAgeSeconds: 600 })).toBe(
      'pm_google_state=abc; Path=/api/auth/google; Max-Age=600; HttpOnly; SameSite=Lax',
    );
    expect(googleCookie(BROWSER_COOKIE, 'abc', { secure: true, maxAgeSeconds: 60 })).toBe(
      'pm_google_browser=abc; Path=/api/auth/google; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    );
    expect(clearedGoogleCookie(STATE_COOKIE, { secure: true })).toBe(
      'pm_google_state=; Path=/api/auth/google; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    );
  });

  it('are read from among other cookies, and absent when missing or empty', () => {
    expect(readCookie('theme=dark; pm_google_state=x-Y_9 ; other=1', STATE_COOKIE)).toBe('x-Y_9');
    expect(readCookie('pm_google_state=a; pm_google_browser=b', BROWSER_COOKIE)).toBe('b');
    expect(readCookie('xpm_google_state=nope; theme=dark', STATE_COOKIE)).toBeUndefined();
    expect(readCookie('pm_google_state=', STATE_COOKIE)).toBeUndefined();
    expect(readCookie(undefined, STATE_COOKIE)).toBeUndefined();
  });
});
