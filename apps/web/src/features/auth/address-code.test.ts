import { describe, expect, it } from 'vitest';
import { readAddressCode } from './address-code.ts';

describe('readAddressCode', () => {
  it('takes the code from the fragment, where the server puts it, and keeps the rest', () => {
    expect(readAddressCode('http://localhost:3000/oauth-callback?x=1#code=abc-DEF_1')).toEqual({
      code: 'abc-DEF_1',
      cleanedUrl: '/oauth-callback?x=1',
    });
  });

  it('removes but never uses a session token, in the query or the fragment, on any page', () => {
    expect(readAddressCode('http://localhost:3000/setup-profile?token=abc.def&x=1#top')).toEqual({
      code: null,
      cleanedUrl: '/setup-profile?x=1#top',
    });
    expect(readAddressCode('http://localhost:3000/oauth-callback#token=abc.def')).toEqual({
      code: null,
      cleanedUrl: '/oauth-callback',
    });
  });

  it("leaves a password reset link's token to the reset screen, and removes a code there", () => {
    expect(readAddressCode('http://localhost:3000/reset-password?token=abc')).toEqual({
      code: null,
      cleanedUrl: null,
    });
    expect(readAddressCode('http://localhost:3000/Reset-Password/?token=abc#code=x')).toEqual({
      code: null,
      cleanedUrl: '/Reset-Password/?token=abc',
    });
  });

  it("leaves an email confirmation link's token to the confirmation screen, and removes a code there", () => {
    expect(readAddressCode('http://localhost:3000/verify-email?token=abc')).toEqual({
      code: null,
      cleanedUrl: null,
    });
    expect(readAddressCode('http://localhost:3000/Verify-Email/?token=abc#code=x')).toEqual({
      code: null,
      cleanedUrl: '/Verify-Email/?token=abc',
    });
  });

  it("leaves an unsubscribe link's token to the unsubscribe screen, and removes a code there", () => {
    expect(readAddressCode('http://localhost:3000/unsubscribe?token=abc')).toEqual({
      code: null,
      cleanedUrl: null,
    });
    expect(readAddressCode('http://localhost:3000/Unsubscribe/?token=abc#code=x')).toEqual({
      code: null,
      cleanedUrl: '/Unsubscribe/?token=abc',
    });
  });

  it('removes but ignores a code on any other page', () => {
    expect(readAddressCode('http://localhost:3000/dashboard#code=x')).toEqual({
      code: null,
      cleanedUrl: '/dashboard',
    });
  });

  it('leaves the address alone when there is neither', () => {
    expect(readAddressCode('http://localhost:3000/search?query=vase#results')).toEqual({
      code: null,
      cleanedUrl: null,
    });
  });

  it('removes an empty code without keeping anything', () => {
    expect(readAddressCode('http://localhost:3000/oauth-callback?error=denied#code=')).toEqual({
      code: null,
      cleanedUrl: '/oauth-callback?error=denied',
    });
  });
});
