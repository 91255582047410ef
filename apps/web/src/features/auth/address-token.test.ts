import { describe, expect, it } from 'vitest';
import { readAddressToken } from './address-token.ts';

describe('readAddressToken', () => {
  it('takes the token from the fragment, where the server puts it, and keeps the rest', () => {
    expect(readAddressToken('http://localhost:3000/oauth-callback?x=1#token=abc.def')).toEqual({
      token: 'abc.def',
      cleanedUrl: '/oauth-callback?x=1',
    });
  });

  it('takes the token from the query, as the spec describes, and keeps the rest', () => {
    expect(readAddressToken('http://localhost:3000/setup-profile?token=abc.def&x=1#top')).toEqual({
      token: 'abc.def',
      cleanedUrl: '/setup-profile?x=1#top',
    });
  });

  it('removes but ignores a token on any other page', () => {
    expect(readAddressToken('http://localhost:3000/?token=someone-elses')).toEqual({
      token: null,
      cleanedUrl: '/',
    });
    expect(readAddressToken('http://localhost:3000/dashboard#token=x')).toEqual({
      token: null,
      cleanedUrl: '/dashboard',
    });
  });

  it('leaves the address alone when there is no token', () => {
    expect(readAddressToken('http://localhost:3000/search?query=vase')).toEqual({
      token: null,
      cleanedUrl: null,
    });
  });

  it('removes an empty token parameter without storing anything', () => {
    expect(readAddressToken('http://localhost:3000/oauth-callback?token=&error=denied')).toEqual({
      token: null,
      cleanedUrl: '/oauth-callback?error=denied',
    });
  });

  it('decodes an encoded token and drops the question mark when nothing else is left', () => {
    expect(readAddressToken('http://localhost:3000/oauth-callback?token=a%2Bb%3D')).toEqual({
      token: 'a+b=',
      cleanedUrl: '/oauth-callback',
    });
  });
});
