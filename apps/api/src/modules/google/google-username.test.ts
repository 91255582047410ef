import { USERNAME_PATTERN } from '@printmarket/shared/auth';
import { USERNAME_MAX_LENGTH } from '@printmarket/shared/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstFreeUsername, usernameBase, usernamePrefix, withSuffix } from './google-username.ts';

describe('usernames for new Google accounts', () => {
  it.each([
    ['john.doe+prints@gmail.com', 'John Doe', 'johndoe'],
    ['josé.garcía@example.com', undefined, 'josegarcia'],
    ['___@example.com', 'Ana María', 'AnaMaria'],
    ['李@example.com', '王', 'maker'],
    [`${'a'.repeat(40)}@example.com`, undefined, 'a'.repeat(USERNAME_MAX_LENGTH)],
  ])('makes %s / %s into %s', (email, name, expected) => {
    expect(usernameBase(email, name)).toBe(expected);
  });

  it('always yields a valid username, whatever the provider sends', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string(), { nil: undefined }), (email, name) => {
        const base = usernameBase(email, name);
        expect(base).toMatch(USERNAME_PATTERN);
        expect(base.length).toBeLessThanOrEqual(USERNAME_MAX_LENGTH);
      }),
    );
  });

  it('numbers a taken name from 2, ignoring case, and stays within the length limit', () => {
    expect(firstFreeUsername('Sam', new Set())).toBe('Sam');
    expect(firstFreeUsername('Sam', new Set(['sam', 'sam2']))).toBe('Sam3');
    const long = 'x'.repeat(USERNAME_MAX_LENGTH);
    expect(firstFreeUsername(long, new Set([long]))).toBe(`${'x'.repeat(USERNAME_MAX_LENGTH - 1)}2`);
    expect(withSuffix(long, '123').length).toBe(USERNAME_MAX_LENGTH);
  });

  it('finds every candidate under the prefix it looks up', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9]{1,30}$/),
        fc.integer({ min: 2, max: 10 ** 9 }),
        (base, n) => {
          expect(withSuffix(base, String(n)).startsWith(usernamePrefix(base))).toBe(true);
        },
      ),
    );
  });
});
