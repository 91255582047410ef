import { createHash, randomBytes } from 'node:crypto';

/**
 * The tokens of links sent by mail (password reset, email confirmation). 32 random bytes cannot be
 * guessed, so only a hash is stored: a copy of the database opens nothing.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: linkTokenHash(token) };
}

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
