import { createHmac } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens.ts';

const secret = new TextEncoder().encode('unit-secret-unit-secret-unit-secret!');
const tokens = new TokenService(secret, 3600);
const claims = {
  userId: '7b61d971-7f8a-4572-aecb-8dc50a879083',
  sessionId: 'cc7c4f8a-54e6-4611-b927-932174416c7e',
};
const inAnHour = () => new Date(Date.now() + 3_600_000);

/** A token made by another JWT implementation (jose, which signed every token before this one). */
function joseToken(
  options: {
    alg?: string;
    key?: Uint8Array;
    iss?: string;
    aud?: string;
    exp?: number;
    sid?: string | null;
  } = {},
) {
  const jwt = new SignJWT(options.sid === null ? {} : { sid: options.sid ?? claims.sessionId })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(options.iss ?? 'printmarket')
    .setAudience(options.aud ?? 'printmarket')
    .setIssuedAt()
    .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 3600);
  return jwt.sign(options.key ?? secret);
}

/** header.payload signed with HS256 under `secret`, whatever the header says. */
function signedAs(header: object, payload: object) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part(header)}.${part(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('session tokens', () => {
  it('signs HS256 tokens that another implementation verifies, with the claims and expiry asked for', async () => {
    const expiresAt = inAnHour();
    const token = tokens.sign(claims, expiresAt);
    const { payload } = await jwtVerify(token, secret, { issuer: 'printmarket', audience: 'printmarket' });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: claims.userId, sid: claims.sessionId });
    expect(payload.exp).toBe(Math.floor(expiresAt.getTime() / 1000));
    expect(tokens.verify(token)).toEqual(claims);
  });

  it('accepts tokens signed before the switch of JWT library, so sign-ins survive the upgrade', async () => {
    expect(tokens.verify(await joseToken())).toEqual(claims);
  });

  it('refuses another key, another algorithm, alg none, a wrong issuer or audience, no session, expiry', async () => {
    const now = Math.floor(Date.now() / 1000);
    const good = await joseToken();
    const [header, payload] = good.split('.');
    const refused = {
      otherKey: await joseToken({ key: new TextEncoder().encode('another-secret-another-secret-another') }),
      hs512: await joseToken({ alg: 'HS512' }),
      algNone: `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`,
      noSignature: `${header}.${payload}.`,
      tampered: `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(good), sub: 'someone-else' })).toString('base64url')}.${good.split('.')[2]}`,
      issuer: await joseToken({ iss: 'elsewhere' }),
      audience: await joseToken({ aud: 'elsewhere' }),
      noSession: await joseToken({ sid: null }),
      expired: await joseToken({ exp: now - 1 }),
      noExpiry: signedAs(
        { alg: 'HS256', typ: 'JWT' },
        { sub: claims.userId, sid: claims.sessionId, iss: 'printmarket', aud: 'printmarket' },
      ),
      numericSubject: signedAs(
        { alg: 'HS256', typ: 'JWT' },
        { sub: 42, sid: claims.sessionId, iss: 'printmarket', aud: 'printmarket', exp: now + 60 },
      ),
      garbage: 'garbage',
      empty: '..',
      huge: 'x'.repeat(5000),
    };
    for (const [name, token] of Object.entries(refused))
      expect([name, tokens.verify(token)]).toEqual([name, null]);
  });
});
