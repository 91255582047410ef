import { createSigner, createVerifier, TokenError } from 'fast-jwt';

/**
 * Session tokens are HS256 JWTs naming a user and a session row. The algorithm is pinned on
 * verification, so `alg: none` or an RS/HS confusion is refused; the session row is what makes
 * logout and password changes take effect at once (see auth-service.ts).
 *
 * Every signed-in request checks its token, so checking is synchronous: Node's HMAC on the calling
 * thread costs a few microseconds, where a WebCrypto check (jose) is a thread-pool job costing
 * several times that in hand-offs alone.
 */
const ALGORITHM = 'HS256';
const ISSUER = 'printmarket';
const AUDIENCE = 'printmarket';

export type TokenClaims = { userId: string; sessionId: string };

export class TokenService {
  readonly #sign: (payload: Record<string, unknown>) => string;
  readonly #verify: (token: string) => Record<string, unknown>;

  constructor(
    secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {
    const key = Buffer.from(secret);
    this.#sign = createSigner({ key, algorithm: ALGORITHM, iss: ISSUER, aud: AUDIENCE });
    this.#verify = createVerifier({
      key,
      algorithms: [ALGORITHM],
      allowedIss: ISSUER,
      allowedAud: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'sid'],
    });
  }

  sign(claims: TokenClaims, expiresAt: Date): string {
    return this.#sign({
      sub: claims.userId,
      sid: claims.sessionId,
      exp: Math.floor(expiresAt.getTime() / 1000),
    });
  }

  /** The claims of a valid token, or null for anything forged, expired or malformed. */
  verify(token: string): TokenClaims | null {
    if (token.length > 4096) return null;
    try {
      const payload = this.#verify(token);
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch (err) {
      if (err instanceof TokenError) return null;
      throw err;
    }
  }
}
