import { describe, expect, it } from 'vitest';
import { ApiError, buildHeaders, errorMessage, parseErrorBody } from './api-client.ts';

describe('buildHeaders', () => {
  it('sends the stored token in x-auth-token and marks JSON bodies', () => {
    const headers = buildHeaders({ json: { a: 1 } }, 'tok');
    expect(headers.get('x-auth-token')).toBe('tok');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('leaves the content type of multipart bodies to the browser', () => {
    const headers = buildHeaders({ body: new FormData() }, null);
    expect(headers.has('content-type')).toBe(false);
    expect(headers.has('x-auth-token')).toBe(false);
  });

  it('keeps a token the caller set explicitly', () => {
    const headers = buildHeaders({ headers: { 'x-auth-token': 'old' } }, 'new');
    expect(headers.get('x-auth-token')).toBe('old');
  });
});

describe('parseErrorBody', () => {
  it('reads the server message and code', () => {
    expect(parseErrorBody({ message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' })).toEqual({
      message: 'Invalid email or password.',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('treats other bodies as carrying no message', () => {
    expect(parseErrorBody('<html>Bad gateway</html>')).toEqual({ message: null, code: null });
    expect(parseErrorBody({ message: '' })).toEqual({ message: null, code: null });
  });
});

describe('errorMessage', () => {
  it('prefers the server message and falls back to the screen text', () => {
    const withMessage = new ApiError({ status: 409, code: 'TAKEN', serverMessage: 'Email is taken.' });
    const without = new ApiError({ status: 0, code: 'NETWORK_ERROR', serverMessage: null });
    expect(errorMessage(withMessage, 'Failed to create account')).toBe('Email is taken.');
    expect(errorMessage(without, 'Failed to create account')).toBe('Failed to create account');
    expect(errorMessage(new TypeError('x'), 'Failed to sign in')).toBe('Failed to sign in');
  });
});
