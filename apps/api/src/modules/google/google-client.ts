import * as oidc from 'openid-client';

export type GoogleSettings = { issuer: string; clientId: string; clientSecret: string };

/** What we take from a verified ID token. */
export type GoogleIdentity = { sub: string; email?: string; emailVerified: boolean; name?: string };

/** What the browser must have brought back for the code exchange to be accepted. */
export type SignInChecks = { state: string; nonce: string; codeVerifier: string };

const SCOPE = 'openid email profile';
/** Seconds for each call to the provider; a hung provider must not hold requests for long. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * The OpenID Connect client for Google (or whatever OIDC_ISSUER names). Discovery happens on
 * first use and is cached; a failed discovery is forgotten so the next request tries again,
 * instead of sign-in staying broken until a restart.
 */
export class GoogleOidcClient {
  #configuration: Promise<oidc.Configuration> | undefined;
  readonly redirectUri: string;

  constructor(
    private readonly settings: GoogleSettings,
    publicUrl: string,
  ) {
    this.redirectUri = `${publicUrl}/api/auth/google/callback`;
  }

  /** Fresh random state, nonce and PKCE verifier for one sign-in. */
  newChecks(): SignInChecks {
    return {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
  }

  /** Resolves once the provider's metadata is known; rejects when it cannot be fetched. */
  async discover(): Promise<void> {
    await this.#discover();
  }

  async authorizationUrl(checks: SignInChecks): Promise<string> {
    const configuration = await this.#discover();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /**
   * Exchanges the code from the callback's query string. openid-client checks the state, sends the
   * PKCE verifier, and verifies the ID token's issuer, audience (our client id; with several
   * audiences, `azp` too), expiry and nonce; any mismatch throws. The ID token comes straight from
   * the token endpoint over TLS, in answer to our client secret, which OpenID Connect Core 3.1.3.7
   * accepts in place of checking its signature.
   */
  async exchangeCode(callbackQuery: string, checks: SignInChecks): Promise<GoogleIdentity> {
    const configuration = await this.#discover();
    // Built from our own redirect URI, not the Host header, so the redirect_uri sent with the code
    // is exactly the one the authorization request used.
    const callbackUrl = new URL(this.redirectUri);
    callbackUrl.search = callbackQuery;
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the token response has no ID token');
    return {
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    };
  }

  #discover(): Promise<oidc.Configuration> {
    if (!this.#configuration) {
      const pending = oidc.discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          execute: isLocalIssuer(this.settings.issuer) ? [oidc.allowInsecureRequests] : [],
        },
      );
      this.#configuration = pending;
      pending.catch(() => {
        if (this.#configuration === pending) this.#configuration = undefined;
      });
    }
    return this.#configuration;
  }
}

/**
 * Plain HTTP is allowed only for an issuer on this machine (a development or test provider);
 * anywhere else the ID token and client secret must travel over TLS.
 */
function isLocalIssuer(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
}
