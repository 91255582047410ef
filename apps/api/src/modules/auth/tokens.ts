import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Session tokens are HS256 JWTs naming a user and a session row. The algorithm is pinned on
 * verification, so `alg: none` or an RS/HS confusion is refused; the session row is what makes
 * logout and password changes take effect at once (see service.ts).
 */
const ALGORITHM = 'HS256';
const ISSUER = 'printmarket';
const AUDIENCE = 'printmarket';

export type TokenClaims = { userId: string; sessionId: string };

export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {}

  sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.secret);
  }

  /** The claims of a valid token, or null for anything forged, expired or malformed. */
  async verify(token: string): Promise<TokenClaims | null> {
    if (token.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp', 'sid'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch (err) {
      if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}
